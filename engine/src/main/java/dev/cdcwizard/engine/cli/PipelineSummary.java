package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkConfig;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A few lines that say what a pipeline does, without its password. */
final class PipelineSummary {
  private PipelineSummary() {}

  private static String sinkLine(SinkDefinition sink, Locale locale) {
    return switch (sink.kind()) {
      case POSTGRES -> CliMessage.SUMMARY_SINK_POSTGRES.format(locale, PostgresSinkConfig.target(sink));
      case ICEBERG -> {
        String catalog = Optional.ofNullable(sink.iceberg().orElseThrow().catalogProperties().get("type"))
            .orElseGet(() -> CliMessage.SUMMARY_CUSTOM_CATALOG.format(locale));
        yield sink.options().find(IcebergSinkOptions.CATALOG_WAREHOUSE)
            .map(warehouse -> CliMessage.SUMMARY_SINK_ICEBERG_WAREHOUSE.format(locale, catalog, warehouse))
            .orElseGet(() -> CliMessage.SUMMARY_SINK_ICEBERG.format(locale, catalog));
      }
    };
  }

  static String of(PipelineDefinition definition, Locale locale) {
    var source = definition.source();
    var pipeline = definition.pipeline();
    return Stream.of(
        CliMessage.SUMMARY_SOURCE.format(locale, source.get(PostgresSourceOptions.USERNAME),
            source.get(PostgresSourceOptions.HOSTNAME), source.get(PostgresSourceOptions.PORT), source.database(),
            source.get(PostgresSourceOptions.TABLES), source.get(PostgresSourceOptions.SLOT_NAME)),
        CliMessage.SUMMARY_SINK.format(locale, sinkLine(definition.sink(), locale)),
        CliMessage.SUMMARY_ROUTES.format(locale, definition.routes().size(), definition.transforms().size()),
        CliMessage.SUMMARY_PIPELINE.format(locale, pipeline.get(PipelineOptions.NAME),
            pipeline.get(PipelineOptions.PARALLELISM), pipeline.get(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR).key()))
        .map(line -> "  " + line).collect(Collectors.joining("\n"));
  }
}
