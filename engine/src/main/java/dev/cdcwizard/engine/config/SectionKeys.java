package dev.cdcwizard.engine.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The keys of one section of a pipeline definition: those the engine reads (its options and the open
 * prefixes such as {@code debezium.}), those flink-cdc.sh accepts but the engine does not apply, and
 * for anything else the key that was probably meant.
 */
public final class SectionKeys {
  /** The kind of a {@code sink} of type postgres, which has keys of its own. */
  public static final String POSTGRES_SINK = "postgres-sink";

  private final List<ConfigOption<?>> options;
  private final List<String> openPrefixes;
  private final List<ConfigOption<?>> notApplied;
  private final List<String> notAppliedPrefixes;

  private SectionKeys(List<ConfigOption<?>> options, List<String> openPrefixes, List<ConfigOption<?>> notApplied,
      List<String> notAppliedPrefixes) {
    this.options = options;
    this.openPrefixes = openPrefixes;
    this.notApplied = notApplied;
    this.notAppliedPrefixes = notAppliedPrefixes;
  }

  /** The kind of the {@code sink} section whose type is {@code type}: an Iceberg or a PostgreSQL sink. */
  public static String sinkKind(String type) {
    return PostgresSinkOptions.TYPE_VALUE.equals(type == null ? null : type.trim()) ? POSTGRES_SINK : "sink";
  }

  /**
   * The keys of {@code source}, {@code sink} (an Iceberg sink), {@link #POSTGRES_SINK}, {@code pipeline}
   * or a {@code route} entry.
   */
  public static SectionKeys of(String section) {
    return switch (section) {
      case POSTGRES_SINK -> new SectionKeys(PostgresSinkOptions.ALL, List.of(), List.of(), List.of());
      case "source" -> new SectionKeys(PostgresSourceOptions.ALL, List.of(PostgresSourceOptions.DEBEZIUM_PREFIX),
          PostgresSourceOptions.NOT_APPLIED, PostgresSourceOptions.NOT_APPLIED_PREFIXES);
      case "sink" -> new SectionKeys(IcebergSinkOptions.ALL, List.of(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX,
          IcebergSinkOptions.TABLE_PROPERTIES_PREFIX), IcebergSinkOptions.NOT_APPLIED,
          IcebergSinkOptions.NOT_APPLIED_PREFIXES);
      case "pipeline" -> new SectionKeys(PipelineOptions.ALL, List.of(), PipelineOptions.NOT_APPLIED, List.of());
      default -> new SectionKeys(RouteOptions.ALL, List.of(), List.of(), List.of());
    };
  }

  public List<ConfigOption<?>> options() {
    return options;
  }

  /** Whether the engine reads the key. */
  public boolean isRead(String key) {
    return options.stream().anyMatch(option -> option.key().equals(key)) || underAny(key, openPrefixes);
  }

  /** Whether flink-cdc.sh accepts the key but the engine does not apply it. */
  public boolean isNotApplied(String key) {
    return notApplied.stream().anyMatch(option -> option.key().equals(key)) || underAny(key, notAppliedPrefixes);
  }

  /** The known key closest to {@code key}, for "did you mean". */
  public Optional<String> suggestion(String key) {
    List<String> known = new ArrayList<>();
    options.forEach(option -> known.add(option.key()));
    notApplied.forEach(option -> known.add(option.key()));
    return KeySuggestion.nearest(key, known);
  }

  private static boolean underAny(String key, List<String> prefixes) {
    return prefixes.stream().anyMatch(prefix -> key.startsWith(prefix) && key.length() > prefix.length());
  }
}
