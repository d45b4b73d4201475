package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.config.SectionKeys;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.PatternSyntaxException;

/**
 * Checks a definition as Flink CDC would when it starts the job, so that a mistake surfaces before
 * Flink does, naming the key: unknown and missing keys (with the key probably meant), values of the
 * wrong type or out of range, connector types the engine cannot run, table patterns that are not
 * regular expressions, and a hadoop catalog without its warehouse or with one in object storage (its
 * commits rename files, which S3 cannot do atomically).
 */
public final class PipelineValidator {
  public void validate(PipelineDefinition definition) {
    validateSource(definition.source().options());
    validateSink(definition.sink());
    checkKeys(definition.pipeline().options(), "pipeline");
    readAll(definition.pipeline().options(), PipelineOptions.ALL);
    if (definition.pipeline().get(PipelineOptions.CHECKPOINTING_INTERVAL).isZero()) {
      throw new InvalidOptionException("pipeline", PipelineOptions.CHECKPOINTING_INTERVAL.key(),
          PipelineMessage.YAML_CHECKPOINT_ZERO);
    }
    for (int i = 0; i < definition.routes().size(); i++) {
      checkSelector("route[" + i + "]", "source-table", definition.routes().get(i).sourceTable());
    }
  }

  private static void validateSource(OptionValues source) {
    String type = requireType(source, PostgresSourceOptions.TYPE, PostgresSourceOptions.TYPE_VALUE);
    if (!PostgresSourceOptions.TYPE_VALUE.equals(type)) {
      throw new InvalidOptionException("source", "type", PipelineMessage.YAML_UNSUPPORTED_TYPE, type, "postgres");
    }
    checkKeys(source, "source");
    readAll(source, PostgresSourceOptions.ALL);
    String tables = source.get(PostgresSourceOptions.TABLES);
    TableSelector selector = checkSelector("source", PostgresSourceOptions.TABLES.key(), tables);
    if (selector.partCounts().stream().anyMatch(count -> count != 3)) {
      throw new InvalidOptionException("source", PostgresSourceOptions.TABLES.key(),
          PipelineMessage.YAML_TABLES_THREE_PARTS, tables);
    }
    if (selector.commonLiteralFirstPart() == null) {
      throw new InvalidOptionException("source", PostgresSourceOptions.TABLES.key(),
          PipelineMessage.YAML_TABLES_ONE_DATABASE, tables);
    }
    source.find(PostgresSourceOptions.TABLES_EXCLUDE)
        .ifPresent(exclude -> checkSelector("source", PostgresSourceOptions.TABLES_EXCLUDE.key(), exclude));
    String slot = source.get(PostgresSourceOptions.SLOT_NAME);
    if (!slot.matches("[a-z0-9_]{1,63}")) {
      throw new InvalidOptionException("source", PostgresSourceOptions.SLOT_NAME.key(),
          PipelineMessage.YAML_SLOT_NAME, slot);
    }
    source.find(PostgresSourceOptions.REWRITES_ACCEPTED).ifPresent(accepted -> {
      if (Arrays.stream(accepted.split(",", -1)).anyMatch(rewrite -> !rewrite.strip().matches("[^@]+\\.[^@]+@\\d+"))) {
        throw new InvalidOptionException("source", PostgresSourceOptions.REWRITES_ACCEPTED.key(),
            PipelineMessage.YAML_ACCEPTED_REWRITES, accepted);
      }
    });
  }

  private static void validateSink(SinkDefinition sink) {
    OptionValues options = sink.options();
    String type = requireType(options, IcebergSinkOptions.TYPE, IcebergSinkOptions.TYPE_VALUE);
    if (PostgresSinkOptions.TYPE_VALUE.equals(type)) {
      validatePostgresSink(options);
      return;
    }
    if (!IcebergSinkOptions.TYPE_VALUE.equals(type)) {
      throw new InvalidOptionException("sink", "type", PipelineMessage.YAML_UNSUPPORTED_TYPE, type,
          "iceberg, postgres");
    }
    checkKeys(options, "sink");
    IcebergSink iceberg = sink.iceberg().orElseThrow();
    String catalogType = iceberg.catalogProperties().get("type");
    if (catalogType == null && !iceberg.catalogProperties().containsKey("catalog-impl")) {
      throw new InvalidOptionException("sink", IcebergSinkOptions.CATALOG_TYPE.key(), PipelineMessage.YAML_REQUIRED);
    }
    if ("hadoop".equals(catalogType == null ? null : catalogType.toLowerCase(Locale.ROOT))
        && iceberg.catalogProperties().getOrDefault("warehouse", "").isBlank()) {
      throw new InvalidOptionException("sink", IcebergSinkOptions.CATALOG_WAREHOUSE.key(),
          PipelineMessage.YAML_WAREHOUSE_REQUIRED);
    }
    String warehouse = iceberg.catalogProperties().get("warehouse");
    if ("hadoop".equals(catalogType == null ? null : catalogType.toLowerCase(Locale.ROOT))
        && IcebergSinkOptions.isObjectStore(warehouse)) {
      throw new InvalidOptionException("sink", IcebergSinkOptions.CATALOG_WAREHOUSE.key(),
          PipelineMessage.YAML_HADOOP_OBJECT_STORE, warehouse);
    }
    iceberg.partitionKeys();
  }

  private static void validatePostgresSink(OptionValues options) {
    checkKeys(options, SectionKeys.POSTGRES_SINK);
    readAll(options, PostgresSinkOptions.ALL);
    String sslMode = options.get(PostgresSinkOptions.SSLMODE);
    try {
      PostgresEndpoint.SslMode.fromJdbcValue(sslMode);
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException("sink", PostgresSinkOptions.SSLMODE.key(), PipelineMessage.YAML_INVALID_VALUE,
          sslMode, UserMessage.of(PipelineMessage.YAML_EXPECTED_ONE_OF,
              "disable, allow, prefer, require, verify-ca, verify-full"));
    }
  }

  private static String requireType(OptionValues section, ConfigOption<String> option, String example) {
    if (!section.contains(option) || section.get(option).isBlank()) {
      throw new InvalidOptionException(section.section(), option.key(), PipelineMessage.YAML_REQUIRED_EXAMPLE,
          example);
    }
    return section.get(option);
  }

  /**
   * Keys the engine does not read are errors, with the key probably meant; so are missing required
   * ones. The importer sets keys flink-cdc.sh accepts aside before this runs; the strict reader does not.
   */
  static void checkKeys(OptionValues values, String sectionKind) {
    SectionKeys keys = SectionKeys.of(sectionKind);
    for (String key : values.asMap().keySet()) {
      if (!keys.isRead(key)) {
        throw unknownKey(values.section(), sectionKind, key);
      }
    }
    for (ConfigOption<?> option : keys.options()) {
      if (option.required() && !values.contains(option)) {
        throw new InvalidOptionException(values.section(), option.key(), PipelineMessage.YAML_REQUIRED);
      }
    }
  }

  /** A key the engine does not read, with the key probably meant when one is close. */
  static InvalidOptionException unknownKey(String section, String sectionKind, String key) {
    SectionKeys keys = SectionKeys.of(sectionKind);
    if (keys.isNotApplied(key)) {
      return new InvalidOptionException(section, key, PipelineMessage.YAML_NOT_APPLIED_STRICT);
    }
    return keys.suggestion(key)
        .map(known -> new InvalidOptionException(section, key, PipelineMessage.YAML_UNKNOWN_KEY_SUGGESTION, known))
        .orElseGet(() -> new InvalidOptionException(section, key, PipelineMessage.YAML_UNKNOWN_KEY));
  }

  private static void readAll(OptionValues values, java.util.List<ConfigOption<?>> options) {
    options.forEach(values::find);
  }

  private static TableSelector checkSelector(String section, String key, String text) {
    try {
      return TableSelector.parse(text);
    } catch (PatternSyntaxException e) {
      throw new InvalidOptionException(section, key, PipelineMessage.YAML_BAD_PATTERN, e.getDescription(), text);
    }
  }
}
