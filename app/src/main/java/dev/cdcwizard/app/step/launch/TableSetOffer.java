package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.ReviewedPipeline;
import dev.cdcwizard.app.wizard.StartedServices;
import dev.cdcwizard.app.wizard.TableChoice;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The launch step's Apply the table change: the tables chosen since the running job started, offered once
 * its copy is done (a stop during it would have the next start copy every table again). Apply stops the
 * embedded job at its latest checkpoint, a job on a cluster with a savepoint, then has the step start it again
 * at once, from that savepoint on a cluster (the engine copies the added tables before the job resumes).
 */
public final class TableSetOffer {
  private final ReviewedPipeline reviewed;
  private final TableChoice choice;
  private final StartedServices started;
  private final ErrorReporter errors;
  private final Executor executor;
  /** The tables the run started by the step captures; empty before one started. */
  private final ObjectProperty<List<TableName>> runningTables = new SimpleObjectProperty<>(this, "runningTables",
      List.of());
  private final ObjectBinding<TableSetChange> change;
  private final BooleanProperty applying = new SimpleBooleanProperty(this, "applying");

  TableSetOffer(ReviewedPipeline reviewed, TableChoice choice, StartedServices started,
      ObjectProperty<PipelineStatus> status, ErrorReporter errors, Executor executor) {
    this.reviewed = reviewed;
    this.choice = choice;
    this.started = started;
    this.errors = errors;
    this.executor = executor;
    change = Bindings.createObjectBinding(() -> status.get() != PipelineStatus.STREAMING
        || reviewed.pipelineProperty().get() == null ? null : TableSetChange.of(runningTables.get(),
            choice.selectedTables(), started.pipelineRun().map(PipelineRun::outlivesProcess).orElse(false)),
        status, runningTables, choice.selectedTables(), reviewed.pipelineProperty());
  }

  /** The run just started captures {@code tables}. */
  void started(List<TableName> tables) {
    runningTables.set(List.copyOf(tables));
  }

  /**
   * Stops the run, then hands {@code restart} where a job on a cluster resumes (its savepoint; empty for the
   * embedded run, which resumes from its latest checkpoint by itself); a run that cannot be stopped goes on,
   * handed to {@code stillRunning}.
   */
  void apply(Consumer<Optional<String>> restart, Consumer<PipelineRun> stillRunning) {
    TableSetChange offered = change.get();
    PipelineRun run = started.pipelineRun().orElse(null);
    if (offered == null || run == null || applying.get()) {
      return;
    }
    applying.set(true);
    Tasks.create(() -> {
          run.stop();
          return offered.onCluster() ? run.resumePoint() : Optional.<String>empty();
        })
        .onSuccess(restart)
        .onError(Exception.class, error -> {
          errors.report(Message.of("wizard.launch.applyTablesFailed"), Message.of("wizard.launch.applyTablesFailedFix"),
              error);
          stillRunning.accept(run);
        })
        .andFinally(() -> applying.set(false))
        .runOnce(executor);
  }

  /** How the tables chosen now differ from those the running job captures; null when they do not. */
  public ObjectBinding<TableSetChange> changeBinding() {
    return change;
  }

  /** While Apply stops the job and starts it again with the chosen tables. */
  public BooleanProperty applyingProperty() {
    return applying;
  }
}
