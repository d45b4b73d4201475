package dev.cdcwizard.engine.launch;

import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.JobStatus;

/**
 * A copy an embedded run makes before its streaming job starts (its own snapshot, or the tables added to
 * a pipeline): what the run's status, progress, cancel and failure read until the job runs.
 */
interface CopyBeforeStreaming {
  /** Starts the streaming job once the copy is in the target. */
  interface Handover {
    /** @param rewriteBaseline the tables as the copies saw them ({@code TableRewrites.baseline}) */
    void startStreaming(List<String> rewriteBaseline) throws Exception;
  }

  /** Rows copied so far per table, named as Flink accumulators of the streaming job are. */
  Map<String, Long> rowsCopied();

  /** Why the pipeline did not get from the copy to streaming, or null. */
  Throwable failure();

  /** Whether the copy is over: streaming started, or the copy failed or was cancelled. */
  boolean ended();

  /** Running until the copy failed or was cancelled. */
  default JobStatus status() {
    if (failure() != null) {
      return JobStatus.FAILED;
    }
    return cancelled() ? JobStatus.CANCELED : JobStatus.RUNNING;
  }

  boolean cancelled();

  /** Stops the copy; the streaming job is then never started. */
  void cancel();
}
