package dev.cdcwizard.engine.yaml;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/** Which keys of each section CDC Wizard's model reads, and which ones it only passes on. */
final class ModelKeys {
  /** The debezium.* keys the engine itself relies on; any other one goes to Debezium unchecked. */
  static final Set<String> USED_DEBEZIUM_KEYS = Set.of(
      PostgresSourceOptions.DEBEZIUM_PREFIX + "publication.name",
      PostgresSourceOptions.DEBEZIUM_PREFIX + "publication.autocreate.mode");

  private ModelKeys() {}

  /** Whether {@code node} is a sink of type postgres, which only CDC Wizard's engine runs. */
  static boolean isEngineOwnSink(String section, JsonNode node) {
    return section.equals("sink") && node.hasNonNull("type")
        && PostgresSinkOptions.TYPE_VALUE.equals(node.get("type").asText().trim());
  }

  static boolean isModelKey(String section, String key) {
    return options(section).stream().anyMatch(option -> option.key().equals(key))
        || prefixes(section).stream().anyMatch(prefix -> key.startsWith(prefix) && key.length() > prefix.length());
  }

  /**
   * The model key that {@code key} misspells (same letters, different separators or case), so that
   * {@code slot-name} is an error rather than a kept key.
   */
  static Optional<String> misspelled(String section, String key) {
    String normalized = normalize(key);
    return options(section).stream()
        .map(ConfigOption::key)
        .filter(known -> !known.equals(key) && normalize(known).equals(normalized))
        .findFirst();
  }

  static boolean isUncheckedDebeziumKey(String key) {
    return key.startsWith(PostgresSourceOptions.DEBEZIUM_PREFIX) && !USED_DEBEZIUM_KEYS.contains(key);
  }

  private static List<ConfigOption<?>> options(String section) {
    return switch (section) {
      case "source" -> PostgresSourceOptions.ALL;
      case "sink" -> List.of(IcebergSinkOptions.TYPE, IcebergSinkOptions.NAME,
          IcebergSinkOptions.PARTITION_KEY, IcebergSinkOptions.CATALOG_TYPE,
          IcebergSinkOptions.CATALOG_WAREHOUSE, IcebergSinkOptions.CATALOG_URI,
          IcebergSinkOptions.FORMAT_VERSION);
      case "pipeline" -> PipelineOptions.ALL;
      default -> List.of();
    };
  }

  private static List<String> prefixes(String section) {
    return switch (section) {
      case "source" -> List.of(PostgresSourceOptions.DEBEZIUM_PREFIX);
      case "sink" -> List.of(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX,
          IcebergSinkOptions.TABLE_PROPERTIES_PREFIX);
      default -> List.of();
    };
  }

  private static String normalize(String key) {
    return key.replaceAll("[-._]", "").toLowerCase(Locale.ROOT);
  }
}
