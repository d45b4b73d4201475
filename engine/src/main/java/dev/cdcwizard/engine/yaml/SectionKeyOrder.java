package dev.cdcwizard.engine.yaml;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The order keys are written in: the tutorial's order first, then the model's other keys, then the
 * prefixed ones (debezium.*, catalog and table properties) in the order they were read. Patterns ending
 * in a dot stand for every key with that prefix.
 */
final class SectionKeyOrder {
  static final SectionKeyOrder SOURCE = new SectionKeyOrder(concat(List.of("type", "name", "hostname",
      "port", "username", "password", "tables", "tables.exclude", "decoding.plugin.name", "slot.name",
      "table-id.include-database", "schema-change.enabled"), PostgresSourceOptions.ALL,
      PostgresSourceOptions.DEBEZIUM_PREFIX));
  static final SectionKeyOrder SINK = new SectionKeyOrder(List.of("type", "name",
      IcebergSinkOptions.CATALOG_TYPE.key(), IcebergSinkOptions.CATALOG_WAREHOUSE.key(),
      IcebergSinkOptions.CATALOG_URI.key(), IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX,
      IcebergSinkOptions.TABLE_PROPERTIES_PREFIX, IcebergSinkOptions.PARTITION_KEY.key()));
  static final SectionKeyOrder POSTGRES_SINK = new SectionKeyOrder(
      PostgresSinkOptions.ALL.stream().map(ConfigOption::key).toList());
  static final SectionKeyOrder PIPELINE = new SectionKeyOrder(concat(List.of("name", "parallelism",
      "local-time-zone", "schema.change.behavior"), PipelineOptions.ALL, null));

  private final List<String> patterns;

  private SectionKeyOrder(List<String> patterns) {
    this.patterns = patterns;
  }

  /** The entries sorted by pattern; keys no pattern names keep their order, after the others. */
  <V> List<Map.Entry<String, V>> sort(Map<String, V> values) {
    List<Map.Entry<String, V>> entries = new ArrayList<>(values.entrySet());
    entries.sort(Comparator.comparingInt(entry -> rank(entry.getKey())));
    return entries;
  }

  private int rank(String key) {
    int exact = patterns.indexOf(key);
    if (exact >= 0) {
      return exact;
    }
    for (int i = 0; i < patterns.size(); i++) {
      if (patterns.get(i).endsWith(".") && key.startsWith(patterns.get(i))) {
        return i;
      }
    }
    return patterns.size();
  }

  private static List<String> concat(List<String> leading, List<ConfigOption<?>> all, String prefix) {
    Set<String> keys = new LinkedHashSet<>(leading);
    all.forEach(option -> keys.add(option.key()));
    if (prefix != null) {
      keys.add(prefix);
    }
    return List.copyOf(keys);
  }
}
