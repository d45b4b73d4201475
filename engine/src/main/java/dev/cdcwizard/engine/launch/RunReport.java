package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.monitor.CheckpointReport;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.api.common.JobStatus;

/**
 * One look at a pipeline's job, its parts read together: what the wizard shows at each poll.
 *
 * @param at when it was read, the time axis of rates and charts
 * @param progress rows copied and changes streamed so far; empty once the job has ended (Flink then
 *     answers with the job's end instead)
 * @param recentCheckpoints the latest completed checkpoints, newest first, at most
 *     {@link dev.cdcwizard.engine.monitor.JobMonitor#RECENT_CHECKPOINTS}
 * @param latestFailure the latest failure the job met, as a stack trace
 */
public record RunReport(Instant at, JobStatus status, PipelineProgress progress, long completedCheckpoints,
    List<CheckpointReport> recentCheckpoints, Optional<String> latestFailure) {

  public RunReport {
    recentCheckpoints = List.copyOf(recentCheckpoints);
  }

  public static PipelineProgress noProgress() {
    return PipelineProgress.fromAccumulators(Map.of());
  }
}
