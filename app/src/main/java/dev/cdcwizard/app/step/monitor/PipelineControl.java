package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.ReviewedPipeline;
import dev.cdcwizard.app.wizard.StartedServices;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.i18n.Message;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;

/**
 * The monitor's Stop and Cancel. Stop ends the job so that the next start resumes it: on a cluster with
 * a savepoint, embedded by cancelling it (its latest checkpoint is kept). Cancel, for a cluster's job,
 * ends it without one; its latest retained checkpoint is what a new start resumes from. Either way
 * the launch step is told where to resume, and the slot stays.
 */
final class PipelineControl {
  private final StartedServices started;
  private final ReviewedPipeline reviewed;
  private final ErrorReporter errors;
  private final Executor executor;
  private final BooleanProperty busy;
  private final ObjectProperty<Message> status;

  PipelineControl(StartedServices started, ReviewedPipeline reviewed, ErrorReporter errors, Executor executor,
      BooleanProperty busy, ObjectProperty<Message> status) {
    this.started = started;
    this.reviewed = reviewed;
    this.errors = errors;
    this.executor = executor;
    this.busy = busy;
    this.status = status;
  }

  void stop() {
    started.pipelineRun().ifPresent(run -> end(run, () -> {
      run.stop();
      return run.resumePoint();
    }, resumePoint -> resumePoint.map(path -> Message.of("wizard.monitor.stoppedWithSavepoint", path))
        .orElse(Message.of("wizard.monitor.stopped")),
        run.outlivesProcess() ? Message.of("wizard.monitor.savepointFailed") : Message.of("wizard.monitor.stopFailed"),
        run.outlivesProcess() ? Message.of("wizard.monitor.savepointFailedFix") : Message.of("wizard.monitor.stopFailedFix")));
  }

  void cancel() {
    started.pipelineRun().ifPresent(run -> end(run, () -> {
      run.cancel();
      return run.resumePoint();
    }, resumePoint -> resumePoint.map(path -> Message.of("wizard.monitor.cancelled", path))
        .orElse(Message.of("wizard.monitor.cancelledNoCheckpoint")),
        Message.of("wizard.monitor.stopFailed"), Message.of("wizard.monitor.stopFailedFix")));
  }

  private void end(PipelineRun run, Ending ending, Function<Optional<String>, Message> said,
      Message failed, Message fix) {
    busy.set(true);
    Tasks.create(ending::run)
        .onSuccess(resumePoint -> {
          // an embedded start finds its savepoint itself: the launch step's field is a cluster's
          resumePoint.filter(path -> run.outlivesProcess()).ifPresent(reviewed.resumeFromProperty()::set);
          status.set(said.apply(resumePoint));
        })
        .onError(Exception.class, error -> errors.report(failed, fix, error))
        .andFinally(() -> busy.set(false))
        .runOnce(executor);
  }

  /** Ends the job, waiting until it has; returns where a new start resumes it from. */
  @FunctionalInterface
  private interface Ending {
    Optional<String> run() throws Exception;
  }
}
