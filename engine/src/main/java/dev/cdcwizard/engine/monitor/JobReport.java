package dev.cdcwizard.engine.monitor;

import dev.cdcwizard.engine.job.PipelineProgress;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * "Is it working?": one look at a pipeline job through Flink's REST API.
 *
 * @param state Flink's job state: RUNNING, RESTARTING, FAILED, FINISHED (after a stop with
 *     savepoint), CANCELED, ...
 * @param restarts how often the job restarted since it was submitted
 * @param recentCheckpoints the latest completed checkpoints and savepoints, newest first
 * @param progress rows per table from the job's accumulators (snapshot rows, streamed changes)
 */
public record JobReport(
    String jobId,
    String name,
    String state,
    Instant startTime,
    Duration uptime,
    long restarts,
    long completedCheckpoints,
    long failedCheckpoints,
    Optional<CheckpointReport> lastCheckpoint,
    List<CheckpointReport> recentCheckpoints,
    List<VertexReport> vertices,
    Optional<JobException> latestException,
    PipelineProgress progress,
    URI webUi) {

  public boolean running() {
    return "RUNNING".equals(state);
  }
}
