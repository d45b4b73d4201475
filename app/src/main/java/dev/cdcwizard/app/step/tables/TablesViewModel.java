package dev.cdcwizard.app.step.tables;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.PipelineDraft;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableSelector;
import dev.cdcwizard.engine.pipeline.TargetKind;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
import dev.cdcwizard.engine.postgres.preflight.CheckStatus;
import dev.cdcwizard.engine.postgres.preflight.PreflightCheck;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.stream.Collectors;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The table step: the source's tables from the engine's catalog, a filter, and a pattern in the syntax
 * of Flink CDC's {@code tables} option (the engine's TableSelector), previewed against the tables.
 * Valid when at least one table is selected, the expression compiles, no read is under way and the
 * engine's table checks find nothing that makes a chosen table impossible to capture (a missing
 * primary key, say: the reason shows under the list). A changed connection empties the list, so that
 * the step reads the new database's tables.
 */
public final class TablesViewModel extends StepViewModel {
  private static final int PREVIEWED_MATCHES = 5;
  // what makes a table impossible to capture whatever the target: the Iceberg upsert needs a key, and
  // PostgreSQL rejects UPDATE and DELETE on a published table whose replica identity gives no old row
  private static final Set<PreflightCheck> BLOCKING_CHECKS =
      EnumSet.of(PreflightCheck.TABLE_NAMES, PreflightCheck.PRIMARY_KEY, PreflightCheck.REPLICA_IDENTITY);
  private final PipelineDraft draft;
  private final SourceDatabase database;
  private final ErrorReporter errors;
  private final BooleanProperty loading = new SimpleBooleanProperty(this, "loading");
  private final BooleanProperty checkingTables = new SimpleBooleanProperty(this, "checkingTables");
  private final ObjectProperty<Message> tableProblem = new SimpleObjectProperty<>(this, "tableProblem");
  private final ObservableList<Message> targetRefusals = FXCollections.observableArrayList();
  private long checkRound;
  private final ObservableList<SourceTable> tables =
      FXCollections.observableArrayList(table -> new Observable[] {table.selectedProperty()});
  private final StringProperty filter = new SimpleStringProperty(this, "filter", "");
  private final FilteredList<SourceTable> visibleTables = new FilteredList<>(tables);
  private final StringProperty pattern = new SimpleStringProperty(this, "pattern", "");
  private final ObjectBinding<Message> patternError;
  private final IntegerBinding patternMatches;
  private final StringBinding patternMatchNames;
  // the tables chosen in a database the connection no longer points to, chosen again where the new one has them
  private Set<TableName> chooseAgain = Set.of();
  /** The opened pipeline whose tables were selected: once, so that a later visit keeps the user's choice. */
  private PipelineImport selectedFromOpened;

  public TablesViewModel(PipelineDraft draft, SourceDatabase database, ErrorReporter errors, Executor executor) {
    super(executor);
    this.draft = draft;
    this.database = database;
    this.errors = errors;
    visibleTables.predicateProperty().bind(Bindings.createObjectBinding(() -> {
      String text = filter.get().strip().toLowerCase(Locale.ROOT);
      return table -> table.qualifiedName().toLowerCase(Locale.ROOT).contains(text);
    }, filter));
    patternError = Bindings.createObjectBinding(
        () -> !pattern.get().isBlank() && compile(pattern.get()) == null ? Message.of("wizard.tables.patternInvalid") : null, pattern);
    patternMatches = Bindings.createIntegerBinding(() -> matches().size(), pattern, tables);
    patternMatchNames = Bindings.createStringBinding(() -> matches().stream().limit(PREVIEWED_MATCHES)
        .map(SourceTable::qualifiedName).collect(Collectors.joining(", ")), pattern, tables);
    tables.addListener((ListChangeListener<SourceTable>) change ->
        draft.selectedTables().setAll(tables.stream().filter(t -> t.selectedProperty().get())
            .map(SourceTable::tableName).toList()));
    valid.bind(Bindings.isNotEmpty(draft.selectedTables()).and(patternError.isNull()).and(loading.not())
        .and(checkingTables.not()).and(tableProblem.isNull()));
    draft.selectedTables().addListener((ListChangeListener<TableName>) change -> checkChosenTables());
    draft.connection().testedProperty().addListener((observable, wasTested, tested) -> {
      if (!tested) {
        forgetTables();
      }
    });
  }

  /**
   * The connection changed: the tables listed are another database's, and what was checked against
   * them no longer holds. Their names are kept to be chosen again once the new database's are read.
   */
  private void forgetTables() {
    if (tables.isEmpty()) {
      return;
    }
    chooseAgain = Set.copyOf(draft.selectedTables());
    tables.clear();
    draft.catalogTables().clear();
  }

  /** Reads the tables when the step opens after a successful connection test, unless they are listed. */
  @Override
  public void opened() {
    if (tables.isEmpty()) {
      load();
    } else {
      checkChosenTables();
    }
  }

  /**
   * The engine's table checks on the chosen tables, as the catalog read them; a result that comes after
   * the choice changed again is dropped.
   */
  private void checkChosenTables() {
    List<TableInfo> chosen = draft.selectedTables().stream().map(draft::tableInfo).flatMap(Optional::stream).toList();
    long round = ++checkRound;
    checkingTables.set(true);
    TargetKind target = draft.target().kindProperty().get();
    Tasks.create(() -> TableJudgement.of(chosen, target.keepsUnchangedValues()))
        .onSuccess(judgement -> {
          if (round == checkRound) {
            List<CheckResult> results = judgement.results();
            tableProblem.set(results.stream()
                .filter(result -> result.status() == CheckStatus.FAIL && BLOCKING_CHECKS.contains(result.check()))
                .findFirst().map(result -> UserMessages.of(result.message())).orElse(null));
            // what only the target refuses (unchanged TOAST values, generated columns, types): told now, not at Start
            targetRefusals.setAll(results.stream()
                .filter(result -> result.status() == CheckStatus.FAIL && !BLOCKING_CHECKS.contains(result.check()))
                .map(result -> Message.of("wizard.tables.targetRefuses", UserMessages.of(result.message())))
                .toList());
            tables.forEach(table -> table.refusalProperty().set(judgement.byTable().get(table.tableName())));
          }
        })
        .andFinally(() -> {
          if (round == checkRound) {
            checkingTables.set(false);
          }
        })
        .runOnce(tasks());
  }

  /**
   * What the chosen target (Iceberg unless another was chosen) would refuse of the chosen tables at Start,
   * while another target would take them: not a reason to stay on this step.
   */
  public ObservableList<Message> targetRefusals() {
    return targetRefusals;
  }

  /** Why the chosen tables cannot be captured (a table without a primary key, say); null when they can. */
  public ReadOnlyObjectProperty<Message> tableProblemProperty() {
    return tableProblem;
  }

  /** Reads the tables again (Refresh): a table created since shows, a dropped one goes; choices stay. */
  public void load() {
    if (!draft.connection().testedProperty().get() || loading.get()) {
      return;
    }
    PostgresEndpoint endpoint = draft.connection().toEndpoint();
    loading.set(true);
    Tasks.create(() -> database.catalog(endpoint))
        .onSuccess(catalog -> {
          draft.catalogTables().setAll(catalog.selectableTables());
          showTables(catalog.selectableTables().stream().map(SourceTable::of).toList());
        })
        .onError(PostgresConnectionException.class, error ->
            errors.report(UserMessages.of(error.problem()), UserMessages.of(error.fix()), error))
        .onError(SQLException.class, error ->
            errors.report(Message.of("wizard.tables.loadFailed"), Message.of("wizard.tables.loadFailedFix"), error))
        .andFinally(() -> loading.set(false))
        .runOnce(tasks());
  }

  public ReadOnlyBooleanProperty loadingProperty() {
    return loading;
  }

  /**
   * Lists the tables, selected as before; the first time after a pipeline YAML was opened, the ones its
   * {@code tables} and {@code tables.exclude} capture (a pattern can only be resolved against a catalog).
   */
  public void showTables(List<SourceTable> found) {
    PipelineImport opened = draft.openedPipelineProperty().get();
    SourceDefinition toSelect = opened == null || opened == selectedFromOpened ? null : opened.definition().source();
    selectedFromOpened = opened;
    found.forEach(table -> table.selectedProperty().set(toSelect == null
        ? draft.selectedTables().contains(table.tableName()) || chooseAgain.contains(table.tableName())
        : toSelect.captures(TableId.of(table.schema(), table.name()))));
    chooseAgain = Set.of();
    tables.setAll(found);
  }

  public FilteredList<SourceTable> visibleTables() {
    return visibleTables;
  }

  public StringProperty filterProperty() {
    return filter;
  }

  public StringProperty patternProperty() {
    return pattern;
  }

  public ObjectBinding<Message> patternErrorBinding() {
    return patternError;
  }

  public IntegerBinding patternMatchesBinding() {
    return patternMatches;
  }

  /** The first few tables the pattern matches, for the preview under it. */
  public StringBinding patternMatchNamesBinding() {
    return patternMatchNames;
  }

  /** Selects exactly the tables the pattern matches. */
  public void selectMatches() {
    List<SourceTable> matched = matches();
    if (!matched.isEmpty()) {
      tables.forEach(t -> t.selectedProperty().set(matched.contains(t)));
    }
  }

  private List<SourceTable> matches() {
    TableSelector selector = pattern.get().isBlank() ? null : compile(pattern.get());
    return selector == null ? List.of()
        : tables.stream().filter(t -> selector.matches(TableId.of(t.schema(), t.name()))).toList();
  }

  /** Flink CDC's selector syntax: {@code schema.table}, each part a regular expression, {@code \\.} a dot in one. */
  private static TableSelector compile(String text) {
    try {
      return TableSelector.parse(text.strip());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
