package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.job.ChangeRecord;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import java.util.Map;
import org.apache.flink.streaming.api.datastream.DataStream;

/**
 * The PostgreSQL end of a pipeline's job: the Debezium settings and deserializer its values need, and
 * the sink behind the change stream, keyed by primary key when several writers run so that the changes
 * of one row reach one writer, in order.
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

  public static void attach(DataStream<ChangeRecord> changes, PipelineDefinition definition, int parallelism) {
    DataStream<ChangeRecord> input = parallelism == 1 ? changes : changes
        .map(record -> record).returns(ChangeRecordTypeInfo.INSTANCE).name("Key by primary key").uid("pg-key")
        .setParallelism(parallelism)
        .keyBy(new PrimaryKeySelector());
    input.sinkTo(new PostgresSink(PostgresSinkConfig.of(definition)))
        .name(definition.sink().options().find(PostgresSinkOptions.NAME)
            .orElse("PostgreSQL " + definition.sink().get(PostgresSinkOptions.DATABASE)))
        .uid("postgres-sink")
        .setParallelism(parallelism);
  }
}
