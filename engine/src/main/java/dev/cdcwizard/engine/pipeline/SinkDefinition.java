package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.OptionValues;
import java.util.Locale;
import java.util.Optional;
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
   * The options that say where it writes, but the partitioning, which is each table's
   * ({@link IcebergSink#partitionKeys}), without secrets (nor a URI's user information and query), sorted:
   * {@code key=value} separated by spaces.
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

  /** The Iceberg part of the section; empty for a PostgreSQL target, which has no catalog nor Iceberg tables. */
  public Optional<IcebergSink> iceberg() {
    return TargetKind.of(options.asMap().getOrDefault("type", "")) == TargetKind.ICEBERG
        ? Optional.of(new IcebergSink(options)) : Optional.empty();
  }
}
