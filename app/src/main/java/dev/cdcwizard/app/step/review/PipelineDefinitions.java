package dev.cdcwizard.app.step.review;

import dev.cdcwizard.app.step.target.KeyValueLines;
import dev.cdcwizard.app.wizard.ConnectionSettings;
import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.config.OptionValues;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The pipeline the wizard's steps describe, built with the engine's builder (which validates it). When
 * the user opened a pipeline YAML, the build starts from that file's definition, so that the options
 * no step shows (job name, time zone, snapshot settings, transforms...) are written back too.
 */
final class PipelineDefinitions {
  private PipelineDefinitions() {}

  static PipelineDefinition from(WizardState state) {
    ConnectionSettings connection = state.connection();
    TargetSettings target = state.target();
    PostgresEndpoint endpoint = connection.toEndpoint();
    List<TableId> tables = state.selectedTables().stream()
        .map(name -> TableId.of(name.substring(0, name.indexOf('.')), name.substring(name.indexOf('.') + 1)))
        .toList();
    PipelineImport opened = state.openedPipelineProperty().get();
    PipelineDefinitionBuilder builder = (opened == null ? new PipelineDefinitionBuilder()
        : PipelineDefinitionBuilder.from(withoutShownProperties(opened.definition())))
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
    Map<String, String> routes = KeyValueLines.parse(target.routesProperty().get(), "->").orElse(Map.of());
    // the routes step shows only source -> sink: the opened file's routes keep their replace-symbol
    // and description while the user leaves them as they were
    builder.routes(opened != null && routes.equals(routeLines(opened.definition().routes()))
        ? opened.definition().routes()
        : routes.entrySet().stream().map(route -> new RouteDefinition(route.getKey(), route.getValue())).toList());
    return builder.build();
  }

  /** The keys of the opened pipeline YAML that the model does not read, to write back unchanged. */
  static KeptKeys keptKeys(WizardState state) {
    PipelineImport opened = state.openedPipelineProperty().get();
    return opened == null ? KeptKeys.NONE : opened.keptKeys();
  }

  /** The definition without its catalog and table properties: the target step holds them, maybe edited. */
  private static PipelineDefinition withoutShownProperties(PipelineDefinition definition) {
    Map<String, String> sink = new LinkedHashMap<>(definition.sink().options().asMap());
    sink.keySet().removeIf(key -> key.startsWith(IcebergSinkOptions.CATALOG_PROPERTIES_PREFIX)
        || key.startsWith(IcebergSinkOptions.TABLE_PROPERTIES_PREFIX));
    return new PipelineDefinition(definition.source(), new SinkDefinition(new OptionValues("sink", sink)),
        definition.routes(), definition.pipeline(), definition.transforms());
  }

  private static Map<String, String> routeLines(List<RouteDefinition> routes) {
    return routes.stream().collect(Collectors.toMap(RouteDefinition::sourceTable, RouteDefinition::sinkTable,
        (first, second) -> second, LinkedHashMap::new));
  }

  /** A folder typed as a path becomes a file URI; a URI (s3://, hdfs://, file:) stays as typed. */
  static String warehouseUri(String warehouse) {
    return warehouse.matches("[a-zA-Z][a-zA-Z0-9+.-]*:.*") && !warehouse.matches("[a-zA-Z]:\\\\.*")
        ? warehouse : Path.of(warehouse).toAbsolutePath().toUri().toString();
  }
}
