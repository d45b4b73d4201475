package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.engine.EngineFailures;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.StartedServices;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.verify.PipelineVerifier;
import dev.cdcwizard.engine.verify.TableVerification;
import dev.cdcwizard.engine.verify.VerifyProgress;
import dev.cdcwizard.i18n.Message;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The monitor's Verify: every row of each target table compared with its source, as {@code cdc-wizard
 * verify} does, with its progress (tables done, rows read of the current one) and a Cancel; for a
 * target that differs, Repair ({@code verify --repair}). Leaving the step cancels it too: a
 * comparison reads whole tables, and nobody would see its result.
 */
public final class VerifyWatch {
  /** A progress bar's value for "not known yet". */
  public static final double INDETERMINATE = -1;
  private static final Duration CATCH_UP = Duration.ofSeconds(120);

  private final StartedServices started;
  private final ErrorReporter errors;
  private final Executor executor;
  private final BooleanProperty available = new SimpleBooleanProperty(this, "available");
  private final BooleanProperty running = new SimpleBooleanProperty(this, "running");
  private final BooleanProperty repairable = new SimpleBooleanProperty(this, "repairable");
  private final DoubleProperty progress = new SimpleDoubleProperty(this, "progress");
  private final ObjectProperty<Message> status = new SimpleObjectProperty<>(this, "status");
  private final ObservableList<TableVerification> results = FXCollections.observableArrayList();
  private AtomicBoolean cancelled = new AtomicBoolean();

  VerifyWatch(StartedServices started, ErrorReporter errors, Executor executor) {
    this.started = started;
    this.errors = errors;
    this.executor = executor;
  }

  /** Starts a comparison of the running (or last) pipeline's tables, unless one runs already. */
  public void start() {
    run(false);
  }

  /**
   * Compares, and rewrites the differing rows of a PostgreSQL target from the source: offered once its
   * pipeline's job has ended; the engine refuses it, saying why, while a job streams from the slot.
   */
  public void repair() {
    run(true);
  }

  private void run(boolean repairing) {
    PipelineRun run = started.pipelineRun().orElse(null);
    if (run == null || running.get()) {
      return;
    }
    AtomicBoolean thisRun = new AtomicBoolean();
    cancelled = thisRun;
    running.set(true);
    repairable.set(false);
    progress.set(INDETERMINATE);
    results.clear();
    status.set(Message.of("wizard.monitor.verify.starting"));
    PipelineVerifier verifier = new PipelineVerifier(run.prepared().definition(), CATCH_UP);
    Tasks.create(() -> (repairing ? verifier.repairing() : verifier).verify(null, new Shown(thisRun)))
        .onSuccess(tables -> finished(tables, repairing))
        .onError(CancellationException.class, cancel -> status.set(Message.of("wizard.monitor.verify.cancelled")))
        .onError(Exception.class, error -> {
          EngineFailures.Problem problem = EngineFailures.orElse(error, Message.of("wizard.monitor.verify.failed"),
              Message.of("wizard.monitor.verify.failedFix"));
          status.set(Message.of("wizard.monitor.verify.failed"));
          errors.report(problem.problem(), problem.fix(), error);
        })
        .andFinally(() -> running.set(false))
        .runOnce(executor);
  }

  /** Asks the comparison under way to stop; it ends within ten thousand rows. */
  public void cancel() {
    cancelled.set(true);
  }

  private void finished(List<TableVerification> tables, boolean repaired) {
    results.setAll(tables);
    progress.set(1);
    long unequal = tables.stream().filter(table -> table.outcome() != TableVerification.Outcome.EQUAL).count();
    long rewritten = tables.stream().map(TableVerification::repair).filter(repair -> repair != null)
        .mapToLong(repair -> repair.written() + repair.deleted()).sum();
    status.set(repaired && unequal == 0 ? Message.of("wizard.monitor.verify.repaired", rewritten, tables.size())
        : unequal == 0 ? Message.of("wizard.monitor.verify.allEqual", tables.size())
        : Message.of("wizard.monitor.verify.someDifferent", unequal, tables.size()));
    repairable.set(!repaired && unequal > 0 && started.pipelineRun().isPresent());
  }

  /** Whether the last comparison found rows a repair can rewrite: a target of this wizard's pipeline that differs. */
  public BooleanProperty repairableProperty() {
    return repairable;
  }

  /** Whether there is a pipeline to verify: one this wizard started, running or stopped. */
  public BooleanProperty availableProperty() {
    return available;
  }

  /** Reads whether there is a pipeline now; the monitor asks each time it opens. */
  void refreshAvailable() {
    available.set(started.pipelineRun().isPresent());
  }

  public BooleanProperty runningProperty() {
    return running;
  }

  /** Tables done out of those planned, or {@link ProgressShown#INDETERMINATE} until they are known. */
  public DoubleProperty progressProperty() {
    return progress;
  }

  public ObjectProperty<Message> statusProperty() {
    return status;
  }

  /** The tables compared so far, in the order they were done. */
  public ObservableList<TableVerification> results() {
    return results;
  }

  /**
   * Hands the verifying thread's news to the FX thread. Row counts arrive every ten thousand rows; only the
   * latest waits to be shown, so a fast scan never floods the FX thread.
   */
  private final class Shown implements VerifyProgress {
    private final AtomicBoolean cancel;
    private final AtomicReference<Message> reading = new AtomicReference<>();
    private volatile int planned;
    private volatile int done;

    Shown(AtomicBoolean cancel) {
      this.cancel = cancel;
    }

    @Override
    public void planned(List<String> targets) {
      planned = targets.size();
      Platform.runLater(() -> progress.set(planned == 0 ? 1 : 0));
    }

    @Override
    public void reading(String target, long rows) {
      if (reading.getAndSet(Message.of("wizard.monitor.verify.reading", target, rows)) == null) {
        Platform.runLater(() -> {
          Message latest = reading.getAndSet(null);
          if (latest != null && !cancel.get()) {
            status.set(latest);
          }
        });
      }
    }

    @Override
    public void done(TableVerification result) {
      int finished = ++done;
      Platform.runLater(() -> {
        results.add(result);
        progress.set((double) finished / Math.max(1, planned));
      });
    }

    @Override
    public boolean cancelled() {
      return cancel.get();
    }
  }
}
