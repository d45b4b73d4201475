package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TablePatterns;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The one mapping between the wizard's state and a pipeline definition, both ways: an opened pipeline
 * YAML fills the steps ({@link #fill}), and the steps build the pipeline with the engine's builder,
 * which validates it ({@link #toDefinition}). When the user opened a YAML, the build starts from that
 * file's definition, so that the options no step shows (job name, time zone, snapshot settings,
 * transforms...) are written back too.
 */
public final class PipelineStateMapper {
  private static final String PUBLICATION_NAME = PostgresSourceOptions.DEBEZIUM_PREFIX + "publication.name";
  private static final String NAMESPACE = "[A-Za-z_][A-Za-z0-9_]*";

  private PipelineStateMapper() {}

  public static PipelineDefinition toDefinition(PipelineDraft state) {
    ConnectionSettings connection = state.connection();
    TargetSettings target = state.target();
    PostgresEndpoint endpoint = connection.toEndpoint();
    List<TableId> tables = state.selectedTables().stream().map(PipelineStateMapper::tableId).toList();
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
    List<RouteDefinition> routes = target.routesProperty().get();
    if (routes == null) {
      throw new IllegalArgumentException("The routes are not source -> target lines");
    }
    builder.routes(routes);
    return builder.build();
  }

  /**
   * Fills the state from an imported pipeline YAML, so that every step shows the file's values. Runs on
   * the FX thread (it sets properties the views are bound to).
   */
  public static void fill(PipelineDraft state, PipelineImport imported) {
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
    state.keepPublicationAndSlotNames();
    fillTarget(state.target(), definition);
    // the namespace and the tables first: the target step rewrites routes that follow them
    state.selectedTables().setAll(TablePatterns.literalTables(source.get(PostgresSourceOptions.TABLES))
        .map(tables -> tables.stream().map(table -> new TableName(table.schema(), table.table())).toList())
        .orElse(List.of()));
    state.target().routesProperty().set(List.copyOf(definition.routes()));
    state.openedPipelineProperty().set(imported);
  }

  /**
   * The keys of the opened pipeline YAML that the model does not read, to write back unchanged; its
   * sink's only while the target is still of the same kind.
   */
  public static KeptKeys keptKeys(PipelineDraft state) {
    PipelineImport opened = state.openedPipelineProperty().get();
    if (opened == null) {
      return KeptKeys.NONE;
    }
    boolean sameKind = opened.definition().sink().kind() == state.target().kindProperty().get();
    KeptKeys kept = opened.keptKeys();
    return sameKind ? kept : new KeptKeys(kept.source(), Map.of(), kept.pipeline());
  }

  /** A chosen table as the pipeline's {@code tables} and routes name it. */
  public static TableId tableId(TableName table) {
    return TableId.of(table.schema(), table.name());
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
