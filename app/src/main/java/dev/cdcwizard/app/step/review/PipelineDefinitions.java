package dev.cdcwizard.app.step.review;

import dev.cdcwizard.app.step.target.KeyValueLines;
import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** The pipeline the wizard's steps describe, built with the engine's builder (which validates it). */
final class PipelineDefinitions {
  private PipelineDefinitions() {}

  static PipelineDefinition from(WizardState state) {
    ConnectionSettings connection = state.connection();
    TargetSettings target = state.target();
    PostgresEndpoint endpoint = connection.toEndpoint();
    List<TableId> tables = state.selectedTables().stream()
        .map(name -> TableId.of(name.substring(0, name.indexOf('.')), name.substring(name.indexOf('.') + 1)))
        .toList();
    PipelineDefinitionBuilder builder = new PipelineDefinitionBuilder()
        .connection(endpoint.host(), endpoint.port(), endpoint.user(), endpoint.password())
        .tables(endpoint.database(), tables)
        .slot(state.slotNameProperty().get())
        .publication(state.publicationNameProperty().get())
        .schemaChangeBehavior(target.schemaChangeBehaviorProperty().get())
        .parallelism(target.parallelismProperty().get())
        .checkpointInterval(Duration.ofSeconds(target.checkpointIntervalSecondsProperty().get()));
    Map<String, String> catalog = KeyValueLines.parse(target.catalogPropertiesProperty().get(), "=").orElse(Map.of());
    if (!catalog.containsKey("type") && !catalog.containsKey("catalog-impl")) {
      builder.hadoopWarehouse(warehouseUri(target.warehouseProperty().get().strip()));
    }
    catalog.forEach(builder::catalogProperty);
    KeyValueLines.parse(target.tablePropertiesProperty().get(), "=").orElse(Map.of()).forEach(builder::tableProperty);
    builder.routes(KeyValueLines.parse(target.routesProperty().get(), "->").orElse(Map.of()).entrySet().stream()
        .map(route -> new RouteDefinition(route.getKey(), route.getValue())).toList());
    return builder.build();
  }

  /** A folder typed as a path becomes a file URI; a URI (s3://, hdfs://, file:) stays as typed. */
  static String warehouseUri(String warehouse) {
    return warehouse.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*") && !warehouse.matches("[a-zA-Z]:\\\\.*")
        ? warehouse : Path.of(warehouse).toAbsolutePath().toUri().toString();
  }
}
