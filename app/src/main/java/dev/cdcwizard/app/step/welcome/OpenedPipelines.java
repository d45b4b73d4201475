package dev.cdcwizard.app.step.welcome;

import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.app.wizard.TargetSinks;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TablePatterns;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Fills the wizard's state from an imported pipeline YAML, so that every step shows the file's values:
 * the reverse of the review step's {@code PipelineDefinitions}. Runs on the FX thread (it sets properties
 * the views are bound to).
 */
final class OpenedPipelines {
  private static final String PUBLICATION_NAME = PostgresSourceOptions.DEBEZIUM_PREFIX + "publication.name";
  private static final String NAMESPACE = "[A-Za-z_][A-Za-z0-9_]*";

  private OpenedPipelines() {}

  static void fill(WizardState state, PipelineImport imported) {
    PipelineDefinition definition = imported.definition();
    SourceDefinition source = definition.source();
    String database = source.database();
    state.connection().fill(source.get(PostgresSourceOptions.HOSTNAME), source.get(PostgresSourceOptions.PORT),
        database == null ? "" : database, source.get(PostgresSourceOptions.USERNAME),
        source.options().find(PostgresSourceOptions.PASSWORD).orElse(""));
    state.slotNameProperty().set(source.get(PostgresSourceOptions.SLOT_NAME));
    String publication = source.options().asMap().get(PUBLICATION_NAME);
    if (publication != null) {
      state.publicationNameProperty().set(publication);
    }
    fillTarget(state.target(), definition);
    // the namespace and the tables first: the target step rewrites routes that follow them
    state.selectedTables().setAll(TablePatterns.literalTables(source.get(PostgresSourceOptions.TABLES))
        .map(tables -> tables.stream().map(TableId::toString).toList()).orElse(List.of()));
    state.target().routesProperty().set(definition.routes().stream()
        .map(route -> route.sourceTable() + " -> " + route.sinkTable()).collect(Collectors.joining("\n")));
    state.tablesToSelectProperty().set(source);
    state.openedPipelineProperty().set(imported);
  }

  private static void fillTarget(TargetSettings target, PipelineDefinition definition) {
    TargetSinks.fill(target, definition.sink());
    List<String> namespaces = definition.routes().stream().map(RouteDefinition::sinkTable)
        .map(table -> table.contains(".") ? table.substring(0, table.indexOf('.')) : "").distinct().toList();
    if (namespaces.size() == 1 && namespaces.get(0).matches(NAMESPACE)) {
      target.targetNamespaceProperty().set(namespaces.get(0));
    }
    target.schemaChangeBehaviorProperty().set(definition.pipeline().get(PipelineOptions.SCHEMA_CHANGE_BEHAVIOR));
    target.parallelismProperty().set(definition.pipeline().get(PipelineOptions.PARALLELISM));
    target.checkpointIntervalSecondsProperty().set(
        (int) Math.max(1, definition.pipeline().get(PipelineOptions.CHECKPOINTING_INTERVAL).toSeconds()));
  }
}
