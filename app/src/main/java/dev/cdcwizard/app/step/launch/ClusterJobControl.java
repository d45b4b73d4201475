package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.ClusterJob;
import dev.cdcwizard.app.engine.EngineFailures;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.i18n.Message;
import java.net.URI;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * Stop with a savepoint and Cancel for a job of the cluster's list, one the wizard does not follow: a
 * run it left running when it closed, say. Either way the launch step is told where a new start
 * resumes it from (the savepoint, or the cancelled job's latest retained checkpoint), and the slot stays.
 */
final class ClusterJobControl {
  private final PipelineLauncher launcher;
  private final ErrorReporter errors;
  private final Executor executor;
  private final Consumer<String> resumeFrom;
  private final Runnable ended;
  private final BooleanProperty busy = new SimpleBooleanProperty(this, "busy");
  private final ObjectProperty<Message> outcome = new SimpleObjectProperty<>(this, "outcome");

  /**
   * @param resumeFrom takes where the next start resumes from, on the FX thread
   * @param ended called on the FX thread once a job has ended, to list the cluster's jobs again
   */
  ClusterJobControl(PipelineLauncher launcher, ErrorReporter errors, Executor executor, Consumer<String> resumeFrom,
      Runnable ended) {
    this.launcher = launcher;
    this.errors = errors;
    this.executor = executor;
    this.resumeFrom = resumeFrom;
    this.ended = ended;
  }

  void stop(ClusterJob job, LaunchTarget target, URI restUrl) {
    end(() -> Optional.of(launcher.stopJob(target, restUrl, job.id())),
        savepoint -> Message.of("wizard.launch.jobs.stopped", job.name(), savepoint.orElseThrow()),
        Message.of("wizard.launch.jobs.stopFailed", job.name()), Message.of("wizard.launch.jobs.stopFailedFix"));
  }

  void cancel(ClusterJob job, LaunchTarget target, URI restUrl) {
    end(() -> launcher.cancelJob(target, restUrl, job.id()),
        checkpoint -> checkpoint.map(path -> Message.of("wizard.launch.jobs.cancelled", job.name(), path))
            .orElse(Message.of("wizard.launch.jobs.cancelledNoCheckpoint", job.name())),
        Message.of("wizard.launch.jobs.cancelFailed", job.name()), Message.of("wizard.launch.jobs.cancelFailedFix"));
  }

  /** The local cluster's processes, and every job on it with them. */
  void stopLocalCluster() {
    end(() -> {
      launcher.stopLocalCluster();
      return Optional.empty();
    }, none -> Message.of("wizard.launch.cluster.stopped"), Message.of("wizard.launch.cluster.stopFailed"),
        Message.of("wizard.launch.cluster.stopFailedFix"));
  }

  private void end(Callable<Optional<String>> ending, Function<Optional<String>, Message> said,
      Message failed, Message fix) {
    if (busy.get()) {
      return;
    }
    busy.set(true);
    outcome.set(null);
    Tasks.create(ending)
        .onSuccess(resumePoint -> {
          resumePoint.ifPresent(resumeFrom);
          outcome.set(said.apply(resumePoint));
          ended.run();
        })
        .onError(Exception.class, error -> {
          EngineFailures.Problem problem = EngineFailures.orElse(error, failed, fix);
          errors.report(problem.problem(), problem.fix(), error);
          ended.run();
        })
        .andFinally(() -> busy.set(false))
        .runOnce(executor);
  }

  /** While a listed job is being stopped or cancelled. */
  BooleanProperty busyProperty() {
    return busy;
  }

  /** What the last stop or cancel did, and where a new start resumes; null before one ended. */
  ObjectProperty<Message> outcomeProperty() {
    return outcome;
  }
}
