package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.message.PipelineMessage;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The {@code sink} section: an Iceberg catalog and how the tables it creates look, or (type
 * {@code postgres}, CDC Wizard's own) a PostgreSQL database.
 */
public final class SinkDefinition {
  private static final Set<String> WHERE_IT_WRITES = Set.of("type", "partition.key", "hostname", "port", "database");
  private static final Pattern SECRET =
      Pattern.compile(".*(password|secret|token|credential|key-id|authorization|header\\.|(?<!partition)\\.key$).*");
  /** A URI's user information and query, where a password may stand. */
  private static final Pattern URI_CREDENTIALS = Pattern.compile("//[^/@?#]*@|\\?.*$");

  private final OptionValues options;

  public SinkDefinition(OptionValues options) {
    this.options = options;
  }

  public OptionValues options() {
    return options;
  }

  public <T> T get(ConfigOption<T> option) {
    return options.get(option);
  }

  /** What the pipeline writes to; each layer chooses its strategy for the target from this, once. */
  public TargetKind kind() {
    return TargetKind.of(options.asMap().getOrDefault("type", ""));
  }

  /**
   * Whether an option says where the pipeline writes (the kind of target, its catalog or server and database,
   * the tables' partitioning, the commits' identity), which a resume must keep; the rest (maintenance,
   * buffering, properties of tables yet to be created) may change between runs.
   */
  public static boolean namesWhereItWrites(String key) {
    return WHERE_IT_WRITES.contains(key) || key.startsWith("catalog.");
  }

  /** Whether an option holds a secret, which is never kept beside checkpoints or in a job's state. */
  public static boolean isSecret(String key) {
    return SECRET.matcher(key.toLowerCase(Locale.ROOT)).matches();
  }

  /**
   * The options that say where it writes, but the partitioning, which is each table's ({@link #partitionKeys}),
   * without secrets (nor a URI's user information and query), sorted: {@code key=value} separated by spaces.
   */
  public String whereItWrites() {
    return new TreeMap<>(options.asMap()).entrySet().stream()
        .filter(option -> namesWhereItWrites(option.getKey()) && !isSecret(option.getKey())
            && !option.getKey().equals(IcebergSinkOptions.PARTITION_KEY.key()))
        .map(option -> option.getKey() + "=" + withoutCredentials(option.getValue()))
        .collect(Collectors.joining(" "));
  }

  /** {@code value} without what a URI may hold of credentials: {@code user:password@} and its query. */
  public static String withoutCredentials(String value) {
    return URI_CREDENTIALS.matcher(value).replaceAll(match -> match.group().startsWith("//") ? "//" : "");
  }

  /** Iceberg catalog properties (type, warehouse, uri, ...), prefix removed. */
  public Map<String, String> catalogProperties() {
    return options.withPrefix(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX);
  }

  /** Properties for the tables the sink creates, prefix removed. */
  public Map<String, String> tableProperties() {
    return options.withPrefix(IcebergSinkOptions.TABLE_PROPERTIES_PREFIX);
  }

  /**
   * Partition columns per target table, from {@code partition.key}
   * ({@code ns.table:col1,col2;ns.other:col}).
   */
  public Map<String, List<String>> partitionKeys() {
    Map<String, List<String>> keys = new LinkedHashMap<>();
    String text = options.find(IcebergSinkOptions.PARTITION_KEY).orElse("");
    for (String entry : text.split(";")) {
      if (entry.isBlank()) {
        continue;
      }
      int colon = entry.lastIndexOf(':');
      if (colon <= 0 || colon == entry.length() - 1) {
        throw new InvalidOptionException(options.section(), IcebergSinkOptions.PARTITION_KEY.key(),
            PipelineMessage.YAML_PARTITION_KEY, entry.trim());
      }
      keys.put(entry.substring(0, colon).trim(),
          Arrays.stream(entry.substring(colon + 1).split(",")).map(String::trim).toList());
    }
    return keys;
  }
}
