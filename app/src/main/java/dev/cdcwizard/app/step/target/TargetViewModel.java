package dev.cdcwizard.app.step.target;

import dev.cdcwizard.app.connection.ConnectionForm;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.fx.TypedText;
import dev.cdcwizard.app.wizard.KeyValueLines;
import dev.cdcwizard.app.wizard.PipelineDraft;
import dev.cdcwizard.app.wizard.PipelineStateMapper;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.TargetSettings;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.sink.postgres.TargetPlan;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * The target step: an Iceberg catalog, or a PostgreSQL database; the routes, which follow the chosen
 * tables and the namespace (Iceberg) or schema (PostgreSQL) ({@code ods.<table>}, as in the tutorial)
 * until the user edits them; schema changes, parallelism and checkpoint interval. A PostgreSQL target
 * is valid once its connection test succeeded and the preflight found nothing that stops the
 * pipeline; the preflight runs again whenever what it depends on changes.
 */
public final class TargetViewModel extends StepViewModel {
  private static final Pattern NAMESPACE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  static final String ROUTE_ARROW = "->";

  private final PipelineDraft draft;
  private final TargetSettings settings;
  private final ObservableList<TableName> selectedTables;
  private final IcebergCatalogForm catalog;
  private final ConnectionForm postgres;
  private final TargetPreflight preflight;
  private final ObjectBinding<Message> namespaceError;
  private final ObjectBinding<Message> tablePropertiesError;
  private final ObjectBinding<Message> routesError;
  private final TypedText<Map<String, String>> tablePropertiesText;
  private final TypedText<List<RouteDefinition>> routesText;
  private List<RouteDefinition> generatedRoutes;
  private boolean open;

  public TargetViewModel(PipelineDraft draft, Executor executor, TargetChecks checks) {
    super(executor);
    this.draft = draft;
    this.settings = draft.target();
    this.selectedTables = draft.selectedTables();
    catalog = new IcebergCatalogForm(settings.catalog(), checks, tasks());
    postgres = new ConnectionForm(settings.postgres(), checks, tasks());
    preflight = new TargetPreflight(checks, tasks());
    namespaceError = error(() -> NAMESPACE.matcher(settings.targetNamespaceProperty().get().strip()).matches()
        ? null : Message.of("wizard.target.error.namespaceInvalid"), settings.targetNamespaceProperty());
    tablePropertiesText = new TypedText<>(settings.tablePropertiesProperty(),
        text -> KeyValueLines.parse(text, "=").map(Collections::unmodifiableMap),
        properties -> lines(properties.entrySet(), "="));
    routesText = new TypedText<>(settings.routesProperty(), this::routes, routes -> lines(routes.stream()
        .map(route -> Map.entry(route.sourceTable(), route.sinkTable())).toList(), " " + ROUTE_ARROW + " "));
    tablePropertiesError = error(() -> tablePropertiesText.parses() ? null
        : Message.of("wizard.target.error.properties"), tablePropertiesText.textProperty());
    routesError = error(() -> routesText.parses() ? null : Message.of("wizard.target.error.routes"),
        routesText.textProperty());
    valid.bind(Bindings.createBooleanBinding(() -> namespaceError.get() == null && routesError.get() == null
            && targetValid(),
        settings.kindProperty(), namespaceError, routesError, tablePropertiesError, catalog.validBinding(),
        postgres.fieldsValidBinding(), settings.postgres().testedProperty(), preflight.passedProperty()));
    selectedTables.addListener((ListChangeListener<TableName>) change -> followTables());
    settings.targetNamespaceProperty().addListener((observable, before, after) -> followTables());
    // change listeners, not invalidation ones: those stay silent while nothing reads the value
    ChangeListener<Object> planAgain = (observable, before, after) -> planWhenTested();
    for (ObservableValue<?> input : List.of(settings.kindProperty(), settings.routesProperty(),
        settings.schemaChangeBehaviorProperty(), settings.postgres().testedProperty())) {
      input.addListener(planAgain);
    }
    selectedTables.addListener((ListChangeListener<TableName>) change -> planWhenTested());
    resetRoutes();
  }

  @Override
  public void opened() {
    open = true;
    planWhenTested();
  }

  /** The last plan stays valid while nothing it depends on changes; a change forgets it, and reopening plans again. */
  @Override
  public void closed() {
    open = false;
    super.closed();
  }

  public TargetSettings settings() {
    return settings;
  }

  /** The step's one choice by the kind of target: what makes the chosen target's form complete. */
  private boolean targetValid() {
    return switch (settings.kindProperty().get()) {
      case POSTGRES -> postgres.fieldsValidBinding().get() && settings.postgres().testedProperty().get()
          && preflight.passedProperty().get();
      case ICEBERG -> catalog.validBinding().get() && tablePropertiesError.get() == null;
    };
  }

  /** The routes for the chosen tables, one per table into the target namespace, replacing any edits. */
  public void resetRoutes() {
    String namespace = settings.targetNamespaceProperty().get().strip();
    generatedRoutes = selectedTables.stream()
        .map(table -> new RouteDefinition(table.toString(), namespace + "." + table.name())).toList();
    settings.routesProperty().set(generatedRoutes);
  }

  /** Routes the user edited, or that an opened pipeline YAML set, stay when the tables or namespace change. */
  private void followTables() {
    if (Objects.equals(settings.routesProperty().get(), generatedRoutes)) {
      resetRoutes();
    }
  }

  /**
   * The routes the text gives. The step shows only source -> sink: a route of the opened pipeline keeps its
   * replace-symbol and description while its line stays as it was.
   */
  private Optional<List<RouteDefinition>> routes(String text) {
    PipelineImport opened = draft.openedPipelineProperty().get();
    List<RouteDefinition> known = opened == null ? List.of() : opened.definition().routes();
    return KeyValueLines.pairs(text, ROUTE_ARROW).map(pairs -> pairs.stream().map(pair -> known.stream()
        .filter(route -> route.sourceTable().equals(pair.getKey()) && route.sinkTable().equals(pair.getValue()))
        .findFirst().orElse(new RouteDefinition(pair.getKey(), pair.getValue()))).toList());
  }

  private static String lines(Collection<Map.Entry<String, String>> pairs, String separator) {
    return pairs.stream().map(pair -> pair.getKey() + separator + pair.getValue()).collect(Collectors.joining("\n"));
  }

  /** The table properties as typed: {@code key=value} lines. */
  public StringProperty tablePropertiesTextProperty() {
    return tablePropertiesText.textProperty();
  }

  /** The routes as typed: {@code source -> target} lines. */
  public StringProperty routesTextProperty() {
    return routesText.textProperty();
  }

  public void testPostgres() {
    postgres.test();
  }

  public void testCatalog() {
    catalog.test();
  }

  /**
   * Plans the PostgreSQL target while the step shows and its connection is tested: the same plan the
   * launch makes, from the pipeline the steps describe; an Iceberg target has no plan before the launch.
   */
  private void planWhenTested() {
    if (!open || settings.kindProperty().get() != TargetKind.POSTGRES || !settings.postgres().testedProperty().get()) {
      preflight.forget();
      return;
    }
    if (routesError.get() != null) {
      preflight.refuse(routesError.get());
      return;
    }
    PipelineDefinition definition;
    try {
      definition = PipelineStateMapper.toDefinition(draft);
    } catch (InvalidOptionException e) {
      preflight.refuse(Message.of("wizard.review.invalid", UserMessages.of(e.problem())));
      return;
    } catch (IllegalArgumentException e) {
      preflight.refuse(Message.of("wizard.review.incomplete"));
      return;
    }
    List<TableId> sources = selectedTables.stream().map(PipelineStateMapper::tableId).toList();
    preflight.run(definition, sources);
  }

  IcebergCatalogForm catalog() {
    return catalog;
  }

  public ConnectionForm postgres() {
    return postgres;
  }

  TargetPreflight preflight() {
    return preflight;
  }

  /** The DDL the launch will run on the PostgreSQL target, as the last preflight planned it (notes in English). */
  public String plannedDdl() {
    TargetPlan plan = preflight.planProperty().get();
    return plan == null ? "" : plan.script(Localization.ENGLISH);
  }

  public ObjectBinding<Message> namespaceErrorBinding() {
    return namespaceError;
  }

  public ObjectBinding<Message> tablePropertiesErrorBinding() {
    return tablePropertiesError;
  }

  public ObjectBinding<Message> routesErrorBinding() {
    return routesError;
  }

  private static ObjectBinding<Message> error(Callable<Message> check, Observable... inputs) {
    return Bindings.createObjectBinding(check, inputs);
  }
}
