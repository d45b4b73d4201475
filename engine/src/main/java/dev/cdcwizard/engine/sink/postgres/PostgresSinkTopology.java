package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * The PostgreSQL end of a pipeline's job: the Debezium settings and deserializer its values need, and
 * the sink behind the change stream, keyed by source table when several writers run so that the changes
 * of one table reach one writer, in order ({@link SourceTableSelector}).
 */
public final class PostgresSinkTopology {
  /**
   * Debezium settings for exact values: intervals as ISO 8601 text (the default, microseconds, turns a
   * month into 30.4375 days), hstore as a map (the default is JSON, which hstore does not read), and
   * each column's PostgreSQL type name on its schema (bit(1) and boolean both arrive as booleans).
   */
  public static final Map<String, String> DEBEZIUM_PROPERTIES = Map.of(
      "interval.handling.mode", "string",
      "hstore.handling.mode", "map",
      "column.propagate.source.type", ".*");

  private PostgresSinkTopology() {}

  public static PostgresChangeDeserializer deserializer(PipelineDefinition definition) {
    return new PostgresChangeDeserializer(definition.source().get(PostgresSourceOptions.TABLE_ID_INCLUDE_DATABASE));
  }

  /** @param sourceTables the pipeline's source tables, as resolved against the source's catalog */
  public static void attach(DataStream<ChangeRecord> changes, PipelineDefinition definition, int parallelism,
      Collection<TableId> sourceTables) {
    DataStream<ChangeRecord> input = parallelism == 1 ? changes : changes
        .map(record -> record).returns(ChangeRecordTypeInfo.INSTANCE).name("Key by source table").uid("pg-key")
        .setParallelism(parallelism)
        .keyBy(new SourceTableSelector());
    input.sinkTo(new PostgresSink(PostgresSinkConfig.of(definition, mergedTargets(definition, sourceTables))))
        .name(definition.sink().options().find(PostgresSinkOptions.NAME)
            .orElse("PostgreSQL " + definition.sink().get(PostgresSinkOptions.DATABASE)))
        .uid("postgres-sink")
        .setParallelism(parallelism);
  }

  /** The target tables more than one source table is routed to. */
  static Set<TableId> mergedTargets(PipelineDefinition definition, Collection<TableId> sourceTables) {
    Map<TableId, Integer> sources = new HashMap<>();
    sourceTables.forEach(source -> definition.router().targetsOf(source)
        .forEach(target -> sources.merge(TargetTableName.parse(target), 1, Integer::sum)));
    return sources.entrySet().stream().filter(entry -> entry.getValue() > 1).map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }
}
