package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobFailedException;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Optional;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;

/**
 * Follows a running pipeline for {@code run}: a progress line when rows or the state change (every 30 s
 * otherwise), and the end. A failure no restart can cure stops the job at once with its cause.
 */
final class RunProgress {
  private static final long POLL_MILLIS = 2000;
  /** Checkpoints alone move every few seconds; a line for them only this often. */
  private static final long QUIET_LINE_MILLIS = 30_000;

  private final PipelineRun run;
  private final PrintWriter out;
  private final Locale locale;

  RunProgress(PipelineRun run, PrintWriter out, Locale locale) {
    this.run = run;
    this.out = out;
    this.locale = locale;
  }

  /**
   * @return the exit code once the job ended normally, or was stopped by Ctrl-C
   * @throws JobFailedException when it failed
   */
  int follow() throws Exception {
    try {
      return poll();
    } catch (Exception e) {
      if (run.closed()) {
        // Ctrl-C: the shutdown hook stopped the job and its cluster under the poll's feet
        return ExitCode.OK;
      }
      throw e;
    }
  }

  private int poll() throws Exception {
    String lastLine = "";
    long lastPrinted = 0;
    boolean announced = false;
    while (true) {
      // the own snapshot copies before the embedded Flink starts: its address comes with streaming
      if (!announced && run.snapshotDone().orElse(true)) {
        out.println(CliMessage.RUN_STARTED.format(locale, run.jobId(), run.webUi()));
        announced = true;
      }
      JobStatus status = run.status();
      if (status == JobStatus.FAILED) {
        throw failed(run.failure());
      }
      if (status.isGloballyTerminalState()) {
        out.println(CliMessage.RUN_ENDED.format(locale, run.jobId(), status));
        return status == JobStatus.FINISHED || status == JobStatus.CANCELED ? ExitCode.OK : ExitCode.FAILED;
      }
      if (status != JobStatus.RUNNING) {
        Optional<JobFailedException> failedForGood = run.cancelIfFailingForGood(status, run.latestFailure());
        if (failedForGood.isPresent()) {
          throw failedForGood.get();
        }
      }
      PipelineProgress progress = run.progress();
      String line = RunCommand.progressLine(status, progress, run.completedCheckpoints(), locale);
      long now = System.currentTimeMillis();
      if (!line.equals(lastLine) || now - lastPrinted >= QUIET_LINE_MILLIS) {
        out.println(line);
        out.flush();
        lastLine = line;
        lastPrinted = now;
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  private static JobFailedException failed(Throwable failure) {
    String details = failure == null ? "" : ExceptionUtils.stringifyException(failure);
    UserMessage problem = JobFailureClassifier.permanentCause(details)
        .map(cause -> UserMessage.of(EngineMessage.JOB_FAILED, cause))
        .orElseGet(() -> UserMessage.of(EngineMessage.JOB_FAILED_UNCLASSIFIED, rootCause(failure),
            CliLogging.logFile()));
    return new JobFailedException(problem, details);
  }

  /** The innermost cause's message; a message of its own, in the user's language, when there is none. */
  private static Object rootCause(Throwable failure) {
    if (failure == null) {
      return UserMessage.of(CliMessage.RUN_NO_CAUSE);
    }
    Throwable cause = ExceptionUtils.findThrowable(failure, t -> t.getCause() == null).orElse(failure);
    return String.valueOf(cause.getMessage());
  }
}
