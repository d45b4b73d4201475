package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkConfig;

/** A few lines that say what a pipeline does, without its password. */
final class PipelineSummary {
  private PipelineSummary() {}

  private static String sinkLine(SinkDefinition sink) {
    return switch (sink.kind()) {
      case POSTGRES -> "postgres " + PostgresSinkConfig.target(sink) + " (CDC Wizard's own sink; flink-cdc.sh has none)";
      case ICEBERG -> "iceberg " + sink.catalogProperties().getOrDefault("type", "custom catalog")
          + sink.options().find(IcebergSinkOptions.CATALOG_WAREHOUSE).map(warehouse -> " " + warehouse).orElse("");
    };
  }

  static String of(PipelineDefinition definition) {
    var source = definition.source();
    var sink = definition.sink();
    var pipeline = definition.pipeline();
    return "  source:   postgres " + source.get(PostgresSourceOptions.USERNAME) + "@"
        + source.get(PostgresSourceOptions.HOSTNAME) + ":" + source.get(PostgresSourceOptions.PORT)
        + "/" + source.database() + ", tables " + source.get(PostgresSourceOptions.TABLES)
        + ", slot " + source.get(PostgresSourceOptions.SLOT_NAME) + "\n"
        + "  sink:     " + sinkLine(sink) + "\n"
        + "  routes:   " + definition.routes().size() + ", transforms: " + definition.transforms().size() + "\n"
        + "  pipeline: '" + pipeline.get(PipelineOptions.NAME) + "', parallelism "
        + pipeline.get(PipelineOptions.PARALLELISM) + ", schema.change.behavior "
        + pipeline.get(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR).key();
  }
}
