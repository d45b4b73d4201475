package dev.cdcwizard.app.step.check;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.PipelineDraft;
import dev.cdcwizard.app.wizard.StartedServices;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.preflight.CheckResult;
import dev.cdcwizard.engine.postgres.preflight.CheckStatus;
import dev.cdcwizard.engine.postgres.preflight.FixScript;
import dev.cdcwizard.engine.postgres.preflight.PreflightCheck;
import dev.cdcwizard.engine.postgres.preflight.PreflightReport;
import dev.cdcwizard.engine.postgres.preflight.PreflightRequest;
import dev.cdcwizard.i18n.Message;
import java.sql.SQLException;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executor;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The preflight step: the engine's checks, run when the step opens and on "re-check". Valid once the
 * checks ran and none failed. The step comes before the tables and the publication are chosen, so
 * the table checks show only once tables are chosen, and the publication check is left to the
 * publication step, which creates the publication.
 */
public final class CheckViewModel extends StepViewModel {
  /** About the chosen tables: with none chosen yet, a pass would say nothing of the tables to come. */
  private static final Set<PreflightCheck> TABLE_CHECKS = EnumSet.of(PreflightCheck.TABLES_EXIST,
      PreflightCheck.TABLE_SELECT, PreflightCheck.TABLE_NAMES, PreflightCheck.PRIMARY_KEY,
      PreflightCheck.REPLICA_IDENTITY, PreflightCheck.UNCHANGED_TOAST, PreflightCheck.GENERATED_COLUMNS,
      PreflightCheck.PARTITION_TRUNCATE, PreflightCheck.COLUMN_TYPES);

  private static final Logger LOG = LoggerFactory.getLogger(CheckViewModel.class);

  private final PipelineDraft draft;
  private final StartedServices started;
  private final SourceDatabase database;
  private final ErrorReporter errors;
  private final ObservableList<CheckResult> results = FXCollections.observableArrayList();
  private final BooleanProperty checking = new SimpleBooleanProperty(this, "checking");
  private final BooleanProperty checked = new SimpleBooleanProperty(this, "checked");
  private final BooleanProperty fixable = new SimpleBooleanProperty(this, "fixable");
  private String checkedDatabase = "";

  public CheckViewModel(PipelineDraft draft, StartedServices started, SourceDatabase database, ErrorReporter errors,
      Executor executor) {
    super(executor);
    this.draft = draft;
    this.started = started;
    this.database = database;
    this.errors = errors;
    valid.bind(Bindings.createBooleanBinding(() -> checked.get() && !checking.get()
        && results.stream().noneMatch(result -> result.status() == CheckStatus.FAIL), checking, checked, results));
    // what was checked was another server's, or another database's
    draft.connection().testedProperty().addListener((observable, wasTested, tested) -> {
      if (!tested) {
        checked.set(false);
        results.clear();
      }
    });
  }

  @Override
  public void opened() {
    if (draft.connection().testedProperty().get()) {
      check();
    }
  }

  public void check() {
    if (checking.get()) {
      return;
    }
    List<TableName> tables = List.copyOf(draft.selectedTables());
    PreflightRequest request = new PreflightRequest(tables, draft.slotNameProperty().get(),
        draft.publicationNameProperty().get(), draft.target().parallelismProperty().get());
    var endpoint = draft.connection().toEndpoint();
    Optional<PipelineRun> run = started.pipelineRun();
    checking.set(true);
    Tasks.create(() -> {
      PreflightReport report = database.preflight(endpoint, request);
      return ownRunning(run, request.slotName()) ? report.withSlotUsedByThisPipeline(request.slotName()) : report;
    })
        .onSuccess(report -> show(report, !tables.isEmpty()))
        .onError(PostgresConnectionException.class, error ->
            errors.report(UserMessages.of(error.problem()), UserMessages.of(error.fix()), error))
        .onError(SQLException.class, error ->
            errors.report(Message.of("wizard.check.failed"), Message.of("wizard.check.failedFix"), error))
        .andFinally(() -> checking.set(false))
        .runOnce(tasks());
  }

  /**
   * Whether the wizard's own pipeline runs from {@code slot}: back on this step, its slot is in use by
   * that run, which must not lock the user out of the monitor. Runs in the background (a cluster's
   * status is a REST call); a status that cannot be read counts as running, as on leaving.
   */
  private static boolean ownRunning(Optional<PipelineRun> run, String slot) {
    if (run.isEmpty()
        || !slot.equals(run.get().prepared().definition().source().get(PostgresSourceOptions.SLOT_NAME))) {
      return false;
    }
    try {
      return !run.get().status().isGloballyTerminalState();
    } catch (Exception e) {
      LOG.info("The pipeline's status could not be read: {}", e.toString());
      return true;
    }
  }

  private void show(PreflightReport report, boolean tablesChosen) {
    results.setAll(report.results().stream()
        .filter(result -> result.check() != PreflightCheck.PUBLICATION)
        .filter(result -> tablesChosen || !TABLE_CHECKS.contains(result.check()))
        .toList());
    checkedDatabase = report.database();
    fixable.set(results.stream().anyMatch(CheckResult::hasFix));
    checked.set(true);
  }

  public ObservableList<CheckResult> results() {
    return results;
  }

  public ReadOnlyBooleanProperty checkingProperty() {
    return checking;
  }

  /** Whether a warning or failure shown has a fix. */
  public ReadOnlyBooleanProperty fixableProperty() {
    return fixable;
  }

  /** The SQL that fixes {@code result}, with its notes in {@code locale}; empty when it needs none. */
  public Optional<String> fixSql(CheckResult result, Locale locale) {
    return result.hasFix() ? Optional.of(result.fix(locale)) : Optional.empty();
  }

  /** The fixes of the warnings and failures shown as one psql script, commented in {@code language}. */
  public String fixScript(Locale language) {
    return FixScript.of(checkedDatabase, results, language);
  }
}
