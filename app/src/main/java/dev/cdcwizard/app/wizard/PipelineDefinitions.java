package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
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
public final class PipelineDefinitions {
  private PipelineDefinitions() {}

  public static PipelineDefinition from(WizardState state) {
    ConnectionSettings connection = state.connection();
    TargetSettings target = state.target();
    PostgresEndpoint endpoint = connection.toEndpoint();
    List<TableId> tables = state.selectedTables().stream()
        .map(name -> TableId.of(name.substring(0, name.indexOf('.')), name.substring(name.indexOf('.') + 1)))
        .toList();
    PipelineImport opened = state.openedPipelineProperty().get();
    PipelineDefinitionBuilder builder = (opened == null ? new PipelineDefinitionBuilder()
        : PipelineDefinitionBuilder.from(opened.definition()))
        .connection(endpoint.host(), endpoint.port(), endpoint.user(), endpoint.password())
        .tables(endpoint.database(), tables)
        .slot(state.slotNameProperty().get())
        .publication(state.publicationNameProperty().get())
        .schemaChangeBehavior(target.schemaChangeBehaviorProperty().get())
        .parallelism(target.parallelismProperty().get())
        .checkpointInterval(Duration.ofSeconds(target.checkpointIntervalSecondsProperty().get()))
        .sink(TargetSinks.options(target, opened == null ? null : opened.definition().sink()));
    Map<String, String> routes = KeyValueLines.parse(target.routesProperty().get(), "->").orElse(Map.of());
    // the routes step shows only source -> sink: the opened file's routes keep their replace-symbol
    // and description while the user leaves them as they were
    builder.routes(opened != null && routes.equals(routeLines(opened.definition().routes()))
        ? opened.definition().routes()
        : routes.entrySet().stream().map(route -> new RouteDefinition(route.getKey(), route.getValue())).toList());
    return builder.build();
  }

  /**
   * The keys of the opened pipeline YAML that the model does not read, to write back unchanged; its
   * sink's only while the target is still of the same kind.
   */
  public static KeptKeys keptKeys(WizardState state) {
    PipelineImport opened = state.openedPipelineProperty().get();
    if (opened == null) {
      return KeptKeys.NONE;
    }
    boolean sameKind = opened.definition().sink().isPostgres()
        == (state.target().kindProperty().get() == TargetKind.POSTGRES);
    KeptKeys kept = opened.keptKeys();
    return sameKind ? kept : new KeptKeys(kept.source(), Map.of(), kept.pipeline());
  }

  private static Map<String, String> routeLines(List<RouteDefinition> routes) {
    return routes.stream().collect(Collectors.toMap(RouteDefinition::sourceTable, RouteDefinition::sinkTable,
        (first, second) -> second, LinkedHashMap::new));
  }
}
