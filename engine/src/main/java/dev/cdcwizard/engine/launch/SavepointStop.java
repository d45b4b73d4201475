package dev.cdcwizard.engine.launch;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.checkpoint.CheckpointException;
import org.apache.flink.runtime.checkpoint.CheckpointFailureReason;
import org.apache.flink.runtime.dispatcher.UnavailableDispatcherOperationException;
import org.apache.flink.util.SerializedThrowable;

/**
 * Stop with a savepoint of a job that may not run all its tasks yet: one just submitted, or the stream just
 * handed over from the engine's own copy, refuses a savepoint until its JobManager and every task run
 * (seen: the wizard's Stop right after the copy failed, "The requested operation is not available while
 * the JobManager is initializing"). Asked again until they run, for as long as the stop may take.
 */
final class SavepointStop {
  private static final Duration RETRY = Duration.ofMillis(500);

  private SavepointStop() {}

  /** The savepoint written, or empty when the job did not run all its tasks within {@code wait}. */
  static Optional<String> stop(JobClient job, String directory, Duration wait) throws Exception {
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      try {
        return Optional.of(job.stopWithSavepoint(false, directory, SavepointFormatType.CANONICAL)
            .get(wait.toSeconds(), TimeUnit.SECONDS));
      } catch (ExecutionException e) {
        if (!notRunningYet(e)) {
          throw e;
        }
        if (System.nanoTime() > deadline) {
          return Optional.empty();
        }
        Thread.sleep(RETRY.toMillis());
      }
    }
  }

  static boolean notRunningYet(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
      String type = cause instanceof SerializedThrowable serialized ? serialized.getOriginalErrorClassName()
          : cause.getClass().getName();
      if (type.equals(UnavailableDispatcherOperationException.class.getName())) {
        return true;
      }
      if (cause instanceof CheckpointException checkpoint
          && checkpoint.getCheckpointFailureReason() == CheckpointFailureReason.NOT_ALL_REQUIRED_TASKS_RUNNING) {
        return true;
      }
    }
    return false;
  }
}
