package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.PatternSyntaxException;

/**
 * Checks a definition as Flink CDC would when it starts the job, so that a mistake surfaces before
 * Flink does, naming the key: unknown and missing keys, values of the wrong type, connector types the
 * engine cannot run, and table patterns that are not regular expressions.
 */
public final class PipelineValidator {
  public void validate(PipelineDefinition definition) {
    validateSource(definition.source().options());
    validateSink(definition.sink());
    checkKeys(definition.pipeline().options(), PipelineOptions.ALL, List.of());
    readAll(definition.pipeline().options(), PipelineOptions.ALL);
    if (definition.pipeline().get(PipelineOptions.PARALLELISM) < 1) {
      throw new InvalidOptionException("pipeline", PipelineOptions.PARALLELISM.key(), "must be at least 1");
    }
    if (definition.pipeline().get(PipelineOptions.CHECKPOINTING_INTERVAL).isZero()) {
      throw new InvalidOptionException("pipeline", PipelineOptions.CHECKPOINTING_INTERVAL.key(),
          "must be more than 0: without checkpoints nothing is ever committed to Iceberg");
    }
    for (int i = 0; i < definition.routes().size(); i++) {
      checkSelector("route[" + i + "]", "source-table", definition.routes().get(i).sourceTable());
    }
  }

  private static void validateSource(OptionValues source) {
    String type = requireType(source, PostgresSourceOptions.TYPE, PostgresSourceOptions.TYPE_VALUE);
    if (!PostgresSourceOptions.TYPE_VALUE.equals(type)) {
      throw new InvalidOptionException("source", "type", "'" + type + "' is not supported (supported: postgres)");
    }
    checkKeys(source, PostgresSourceOptions.ALL, List.of(PostgresSourceOptions.DEBEZIUM_PREFIX));
    readAll(source, PostgresSourceOptions.ALL);
    String tables = source.get(PostgresSourceOptions.TABLES);
    TableSelector selector = checkSelector("source", PostgresSourceOptions.TABLES.key(), tables);
    if (selector.partCounts().stream().anyMatch(count -> count != 3)) {
      throw new InvalidOptionException("source", PostgresSourceOptions.TABLES.key(),
          "must list tables as database.schema.table: '" + tables + "'");
    }
    if (selector.commonLiteralFirstPart() == null) {
      throw new InvalidOptionException("source", PostgresSourceOptions.TABLES.key(),
          "must name one database, literally, in every pattern: '" + tables + "'");
    }
    source.find(PostgresSourceOptions.TABLES_EXCLUDE)
        .ifPresent(exclude -> checkSelector("source", PostgresSourceOptions.TABLES_EXCLUDE.key(), exclude));
    String slot = source.get(PostgresSourceOptions.SLOT_NAME);
    if (!slot.matches("[a-z0-9_]{1,63}")) {
      throw new InvalidOptionException("source", PostgresSourceOptions.SLOT_NAME.key(),
          "'" + slot + "' is not a valid slot name (lower-case letters, digits and _; at most 63)");
    }
  }

  private static void validateSink(SinkDefinition sink) {
    OptionValues options = sink.options();
    String type = requireType(options, IcebergSinkOptions.TYPE, IcebergSinkOptions.TYPE_VALUE);
    if (PostgresSinkOptions.TYPE_VALUE.equals(type)) {
      validatePostgresSink(options);
      return;
    }
    if (!IcebergSinkOptions.TYPE_VALUE.equals(type)) {
      throw new InvalidOptionException("sink", "type",
          "'" + type + "' is not supported (supported: iceberg, postgres)");
    }
    checkKeys(options, IcebergSinkOptions.ALL, List.of(
        IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX, IcebergSinkOptions.TABLE_PROPERTIES_PREFIX));
    if (!sink.catalogProperties().containsKey("type")
        && !sink.catalogProperties().containsKey("catalog-impl")) {
      throw new InvalidOptionException("sink", IcebergSinkOptions.CATALOG_TYPE.key(), "is required");
    }
    sink.partitionKeys();
  }

  private static void validatePostgresSink(OptionValues options) {
    checkKeys(options, PostgresSinkOptions.ALL, List.of());
    readAll(options, PostgresSinkOptions.ALL);
    try {
      PostgresEndpoint.SslMode.fromJdbcValue(options.get(PostgresSinkOptions.SSLMODE));
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException("sink", PostgresSinkOptions.SSLMODE.key(), "'"
          + options.get(PostgresSinkOptions.SSLMODE) + "' is not one of disable, allow, prefer, require,"
          + " verify-ca, verify-full");
    }
    int port = options.get(PostgresSinkOptions.PORT);
    if (port < 1 || port > 65535) {
      throw new InvalidOptionException("sink", PostgresSinkOptions.PORT.key(), port + " is not a port (1-65535)");
    }
    if (options.get(PostgresSinkOptions.BUFFER_FLUSH_MAX_ROWS) < 1) {
      throw new InvalidOptionException("sink", PostgresSinkOptions.BUFFER_FLUSH_MAX_ROWS.key(), "must be at least 1");
    }
  }

  private static String requireType(OptionValues section, ConfigOption<String> option, String example) {
    if (!section.contains(option) || section.get(option).isBlank()) {
      throw new InvalidOptionException(section.section(), option.key(), "is required (e.g. " + example + ")");
    }
    return section.get(option);
  }

  /** Unknown keys are errors (except under an open prefix such as {@code debezium.}), so are missing required ones. */
  static void checkKeys(OptionValues values, List<ConfigOption<?>> options, List<String> openPrefixes) {
    Set<String> known = new HashSet<>();
    options.forEach(option -> known.add(option.key()));
    for (String key : values.asMap().keySet()) {
      boolean open = openPrefixes.stream().anyMatch(prefix -> key.startsWith(prefix) && key.length() > prefix.length());
      if (!known.contains(key) && !open) {
        throw new InvalidOptionException(values.section(), key, "is not a known option");
      }
    }
    for (ConfigOption<?> option : options) {
      if (option.required() && !values.contains(option)) {
        throw new InvalidOptionException(values.section(), option.key(), "is required");
      }
    }
  }

  private static void readAll(OptionValues values, List<ConfigOption<?>> options) {
    options.forEach(values::find);
  }

  private static TableSelector checkSelector(String section, String key, String text) {
    try {
      return TableSelector.parse(text);
    } catch (PatternSyntaxException e) {
      throw new InvalidOptionException(section, key,
          "is not a valid table pattern: " + e.getDescription() + " in '" + text + "'");
    }
  }
}
