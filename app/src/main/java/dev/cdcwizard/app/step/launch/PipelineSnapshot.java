package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.launch.RunReport;
import dev.cdcwizard.engine.monitor.JobFailedException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.api.common.JobStatus;

/**
 * One poll of a running pipeline: its status, snapshot rows per table and, once failed, why. The rows
 * are empty once the job has ended: Flink answers a cancelled or failed job's progress with its
 * cancellation or failure. Once a cluster's job has ended, where a new start resumes it from.
 */
record PipelineSnapshot(PipelineStatus status, List<TableProgress> tables, Throwable failure,
    Optional<String> resumePoint) {

  /** Asks the engine, one report per poll; runs on a background thread, as it waits for the Flink cluster. */
  static PipelineSnapshot of(PipelineRun run, List<String> tables, Map<String, Long> estimates)
      throws Exception {
    RunReport report = run.report();
    JobStatus job = report.status();
    List<TableProgress> rows = job.isGloballyTerminalState() ? List.of()
        : rows(report.progress(), tables, estimates, run.copiedEarlier());
    Optional<JobFailedException> failedForGood = run.cancelIfFailingForGood(job, report.latestFailure());
    if (failedForGood.isPresent()) {
      return new PipelineSnapshot(PipelineStatus.FAILED, rows, failedForGood.get(), resumePoint(run, true));
    }
    PipelineStatus status = status(job, run.snapshotDone(), rows, report.completedCheckpoints());
    List<TableProgress> shown = status == PipelineStatus.STREAMING
        ? rows.stream().map(TableProgress::whenCopied).toList() : rows;
    return new PipelineSnapshot(status, shown, job == JobStatus.FAILED ? run.failure() : null,
        resumePoint(run, job.isGloballyTerminalState()));
  }

  private static Optional<String> resumePoint(PipelineRun run, boolean ended) throws Exception {
    return ended && run.outlivesProcess() ? run.resumePoint() : Optional.empty();
  }

  private static List<TableProgress> rows(PipelineProgress progress, List<String> tables, Map<String, Long> estimates,
      Set<String> copiedEarlier) {
    return tables.stream()
        .map(table -> new TableProgress(table, copiedEarlier.contains(table) ? TableProgress.COPIED_EARLIER
            : progress.snapshotRows().getOrDefault(table, 0L), estimates.getOrDefault(table, -1L)))
        .toList();
  }

  /** With the engine's own snapshot the engine says when it ends; else as {@link #status(JobStatus, List, long)}. */
  static PipelineStatus status(JobStatus job, Optional<Boolean> snapshotDone, List<TableProgress> rows,
      long checkpoints) {
    if (job == JobStatus.RUNNING && snapshotDone.isPresent()) {
      return snapshotDone.get() ? PipelineStatus.STREAMING : PipelineStatus.SNAPSHOT;
    }
    return status(job, rows, checkpoints);
  }

  /**
   * Flink CDC does not say when its snapshot ends. Taken as done once every table has at least its
   * estimated rows and a checkpoint has committed them to Iceberg; a table never analyzed (estimate
   * -1) counts as done with the first checkpoint.
   */
  static PipelineStatus status(JobStatus job, List<TableProgress> rows, long checkpoints) {
    return switch (job) {
      case FAILED -> PipelineStatus.FAILED;
      case CANCELED, CANCELLING, FINISHED, SUSPENDED -> PipelineStatus.STOPPED;
      // an error made Flink restart the job from its last checkpoint; it fails for good after its retries
      case FAILING, RESTARTING -> PipelineStatus.RESTARTING;
      case RUNNING -> checkpoints > 0 && rows.stream().allMatch(t -> t.copiedEarlier() || t.rowsCopied() >= t.estimatedRows())
          ? PipelineStatus.STREAMING : PipelineStatus.SNAPSHOT;
      default -> PipelineStatus.SNAPSHOT;
    };
  }
}
