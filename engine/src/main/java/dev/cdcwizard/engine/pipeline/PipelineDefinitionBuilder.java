package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Builds a {@link PipelineDefinition} step by step, as the wizard learns each part. It starts from the
 * tutorial's choices (pgoutput, schema changes on, ids without the database, format-version 2, an
 * existing publication) plus measured snapshot settings, and {@link #build()} validates the result
 * like a file that was read.
 */
public final class PipelineDefinitionBuilder {
  private static final String PUBLICATION_NAME = PostgresSourceOptions.DEBEZIUM_PREFIX + "publication.name";
  private static final String PUBLICATION_AUTOCREATE =
      PostgresSourceOptions.DEBEZIUM_PREFIX + "publication.autocreate.mode";

  private final Map<String, String> source = new LinkedHashMap<>();
  private final Map<String, String> sink = new LinkedHashMap<>();
  private final Map<String, String> pipeline = new LinkedHashMap<>();
  private final List<RouteDefinition> routes = new ArrayList<>();
  private final List<Map<String, Object>> transforms = new ArrayList<>();

  public PipelineDefinitionBuilder() {
    source.put(PostgresSourceOptions.TYPE.key(), PostgresSourceOptions.TYPE_VALUE);
    source.put(PostgresSourceOptions.DECODING_PLUGIN_NAME.key(), "pgoutput");
    source.put(PostgresSourceOptions.TABLE_ID_INCLUDE_DATABASE.key(), "false");
    source.put(PostgresSourceOptions.SCHEMA_CHANGE_ENABLED.key(), "true");
    // docs/decisions/0002: the Iceberg upsert by primary key makes a change replayed after the snapshot
    // harmless, and snapshots without per-chunk backfill slots ran three times faster
    source.put(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP.key(), "true");
    source.put(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE.key(), "100000");
    source.put(PostgresSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE.key(), "10000");
    sink.put(IcebergSinkOptions.TYPE.key(), IcebergSinkOptions.TYPE_VALUE);
    sink.put(IcebergSinkOptions.FORMAT_VERSION.key(), "2");
    parallelism(PipelineOptions.PARALLELISM.defaultValue());
    schemaChangeBehavior(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR.defaultValue());
  }

  /** A builder holding everything {@code definition} says, to change a part of it. */
  public static PipelineDefinitionBuilder from(PipelineDefinition definition) {
    PipelineDefinitionBuilder builder = new PipelineDefinitionBuilder();
    builder.source.clear();
    builder.sink.clear();
    builder.pipeline.clear();
    builder.source.putAll(definition.source().options().asMap());
    builder.sink.putAll(definition.sink().options().asMap());
    builder.pipeline.putAll(definition.pipeline().options().asMap());
    builder.routes.addAll(definition.routes());
    builder.transforms.addAll(definition.transforms());
    return builder;
  }

  public PipelineDefinitionBuilder connection(String host, int port, String username, String password) {
    return sourceOption(PostgresSourceOptions.HOSTNAME, host)
        .sourceOption(PostgresSourceOptions.PORT, String.valueOf(port))
        .sourceOption(PostgresSourceOptions.USERNAME, username)
        .sourceOption(PostgresSourceOptions.PASSWORD, password);
  }

  /** The tables to capture, exactly these, in {@code database}. */
  public PipelineDefinitionBuilder tables(String database, List<TableId> tables) {
    return sourceOption(PostgresSourceOptions.TABLES, TablePatterns.literal(database, tables));
  }

  public PipelineDefinitionBuilder slot(String slotName) {
    return sourceOption(PostgresSourceOptions.SLOT_NAME, slotName);
  }

  /** An existing publication (see the export's prerequisites.sql); the source does not create one. */
  public PipelineDefinitionBuilder publication(String publicationName) {
    source.put(PUBLICATION_NAME, publicationName);
    source.put(PUBLICATION_AUTOCREATE, "disabled");
    return this;
  }

  /**
   * The whole {@code sink} section, replacing what the builder had (its Iceberg defaults too): for a
   * caller that decides every sink key itself, such as the wizard's target step.
   */
  public PipelineDefinitionBuilder sink(Map<String, String> options) {
    sink.clear();
    sink.putAll(options);
    return this;
  }

  /** A Hadoop catalog at {@code warehouse}, e.g. {@code file:///data/warehouse}. */
  public PipelineDefinitionBuilder hadoopWarehouse(String warehouse) {
    return catalogProperty("type", "hadoop").catalogProperty("warehouse", warehouse);
  }

  /** One Iceberg catalog property, prefix omitted: {@code uri}, {@code io-impl}, ... */
  public PipelineDefinitionBuilder catalogProperty(String name, String value) {
    sink.put(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX + name, value);
    return this;
  }

  /** Partition columns of target tables ({@code ns.table} -> columns); an empty map removes the key. */
  public PipelineDefinitionBuilder partitionKeys(Map<String, List<String>> columnsByTable) {
    sink.remove(IcebergSinkOptions.PARTITION_KEY.key());
    if (!columnsByTable.isEmpty()) {
      sink.put(IcebergSinkOptions.PARTITION_KEY.key(), columnsByTable.entrySet().stream()
          .map(entry -> entry.getKey() + ":" + String.join(",", entry.getValue()))
          .collect(Collectors.joining(";")));
    }
    return this;
  }

  public PipelineDefinitionBuilder routes(List<RouteDefinition> newRoutes) {
    routes.clear();
    routes.addAll(newRoutes);
    return this;
  }

  public PipelineDefinitionBuilder route(RouteDefinition route) {
    routes.add(route);
    return this;
  }

  public PipelineDefinitionBuilder jobName(String name) {
    return pipelineOption(PipelineOptions.NAME, name);
  }

  public PipelineDefinitionBuilder schemaChangeBehavior(SchemaChangeBehavior behavior) {
    return pipelineOption(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR, behavior.key());
  }

  public PipelineDefinitionBuilder parallelism(int parallelism) {
    return pipelineOption(PipelineOptions.PARALLELISM, String.valueOf(parallelism));
  }

  public PipelineDefinitionBuilder checkpointInterval(Duration interval) {
    return pipelineOption(PipelineOptions.CHECKPOINTING_INTERVAL, DurationParser.format(interval));
  }

  /** Adds table rewrites the pipeline goes on past ({@code rewrites.accepted}) to those it already has. */
  public PipelineDefinitionBuilder acceptRewrites(Collection<String> rewrites) {
    if (rewrites.isEmpty()) {
      return this;
    }
    Set<String> all = new LinkedHashSet<>();
    Optional.ofNullable(source.get(PostgresSourceOptions.REWRITES_ACCEPTED.key()))
        .ifPresent(existing -> all.addAll(Arrays.asList(existing.split("\\s*,\\s*"))));
    all.addAll(rewrites);
    return sourceOption(PostgresSourceOptions.REWRITES_ACCEPTED, String.join(",", all));
  }

  /** Any source key; a null value removes it. */
  public PipelineDefinitionBuilder sourceOption(ConfigOption<?> option, String value) {
    return put(source, option.key(), value);
  }

  public PipelineDefinitionBuilder pipelineOption(ConfigOption<?> option, String value) {
    return put(pipeline, option.key(), value);
  }

  /** The definition, checked as {@link PipelineValidator} checks a file that was read. */
  public PipelineDefinition build() {
    PipelineDefinition definition = new PipelineDefinition(
        new SourceDefinition(new OptionValues("source", source)),
        new SinkDefinition(new OptionValues("sink", sink)),
        routes,
        new PipelineSettings(new OptionValues("pipeline", pipeline)),
        transforms);
    new PipelineValidator().validate(definition);
    return definition;
  }

  private PipelineDefinitionBuilder put(Map<String, String> section, String key, String value) {
    if (value == null) {
      section.remove(key);
    } else {
      section.put(key, value);
    }
    return this;
  }
}
