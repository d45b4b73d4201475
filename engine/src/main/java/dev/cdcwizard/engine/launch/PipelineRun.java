package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailedException;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.record.PreparedPipeline;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;

/**
 * A started pipeline as the wizard follows it: its Flink status, progress and failures, Stop, Cancel
 * and Close. {@link EmbeddedPipelineRun} is the one in this process, {@link ClusterPipelineRun} one on
 * a session cluster; the wizard takes this type so that its tests can follow a run without Flink.
 */
public interface PipelineRun extends AutoCloseable {
  PreparedPipeline prepared();

  JobID jobId();

  URI webUi() throws Exception;

  JobStatus status() throws Exception;

  /** Rows copied and changes streamed so far; only while the job has not reached a terminal state. */
  PipelineProgress progress() throws Exception;

  /** Whether the initial snapshot is over, where the engine knows; empty where it does not. */
  Optional<Boolean> snapshotDone();

  long completedCheckpoints() throws Exception;

  /**
   * What the user is told of how the run started: which snapshot copies the tables and why, or why a
   * snapshot is redone; none where the engine did not decide it.
   */
  default List<UserMessage> startNotes() {
    return List.of();
  }

  /**
   * The captured tables, as {@code schema.table}, that this run does not copy because an earlier run of the
   * pipeline did: every table of a resume but those added since. Empty where it copies every table, or
   * cannot tell.
   */
  default Set<String> copiedEarlier() {
    return Set.of();
  }

  /** The latest failure the job met, as a stack trace, while it restarts or once it failed. */
  Optional<String> latestFailure() throws Exception;

  /** Status, progress, checkpoints and the latest failure, read together: one poll of the wizard. */
  RunReport report() throws Exception;

  /** Why the pipeline failed; waits for the job's result, so call it once the job has ended. */
  Throwable failure() throws InterruptedException;

  /**
   * Cancels the job when the failure it restarts from is one no restart cures (the engine's own stop,
   * a missing publication or privilege) and says why; empty when a restart may recover. The command
   * line's run and the wizard call it at each poll, so such a job does not restart again and again.
   */
  default Optional<JobFailedException> cancelIfFailingForGood(JobStatus status, Optional<String> latestFailure)
      throws Exception {
    if (status == JobStatus.RUNNING || status.isGloballyTerminalState() || latestFailure.isEmpty()) {
      return Optional.empty();
    }
    Optional<UserMessage> cause = JobFailureClassifier.permanentCause(latestFailure.get());
    if (cause.isEmpty()) {
      return Optional.empty();
    }
    cancel();
    return Optional.of(new JobFailedException(UserMessage.of(EngineMessage.JOB_STOPPED_CAUSE, cause.get()),
        latestFailure.get()));
  }

  /** Cancels the job and waits until it is cancelled, so the replication slot is released. */
  void cancel() throws Exception;

  /**
   * Stops the job with a savepoint so that the next start resumes where it stopped ({@link #resumePoint()}
   * then names it), and waits until it has ended; embedded during the engine's own snapshot by
   * cancelling it, as the next start redoes that snapshot.
   */
  void stop() throws Exception;

  /**
   * Once the job has ended, where a new start on its cluster resumes it from: the savepoint of
   * {@link #stop()}, else the latest checkpoint it retained on durable storage. Empty where there is
   * none; embedded only the savepoint, as the next embedded start finds its checkpoints itself.
   */
  Optional<String> resumePoint() throws Exception;

  /** The REST address of the cluster the job runs on, where it runs on one that outlives this process. */
  default Optional<URI> restUrl() {
    return Optional.empty();
  }

  /** Whether the job runs on a cluster that outlives this process: {@link #close()} then leaves it running. */
  default boolean outlivesProcess() {
    return false;
  }

  boolean closed();
}
