package dev.cdcwizard.engine.monitor;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.flinkrest.RestErrors;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Follows a job through Flink's REST API, for every target alike (the embedded MiniCluster serves the
 * same API): {@code /jobs/{id}}, its checkpoints, exceptions, accumulators and restart count.
 */
public final class JobMonitor {
  /** How many of the latest completed checkpoints a report lists. */
  public static final int RECENT_CHECKPOINTS = 5;

  private final FlinkRestClient client;

  public JobMonitor(FlinkRestClient client) {
    this.client = client;
  }

  public JobReport report(String jobId) throws FlinkRestException {
    String path = "/jobs/" + jobId;
    JsonNode job = client.get(path);
    JsonNode checkpoints = client.get(path + "/checkpoints");
    long now = job.path("now").asLong(System.currentTimeMillis());
    long start = job.path("start-time").asLong();
    long end = job.path("end-time").asLong(-1);
    return new JobReport(jobId, job.path("name").asText(), job.path("state").asText(),
        Instant.ofEpochMilli(start), Duration.ofMillis((end > 0 ? end : now) - start),
        restarts(path), checkpoints.path("counts").path("completed").asLong(),
        checkpoints.path("counts").path("failed").asLong(), lastCheckpoint(checkpoints),
        recentCheckpoints(checkpoints), vertices(job), latestException(client.get(path + "/exceptions?maxExceptions=1")),
        progress(client.get(path + "/accumulators")), client.webUi(jobId));
  }

  /** Rows per table so far: the job's accumulators alone. */
  public PipelineProgress progress(String jobId) throws FlinkRestException {
    return progress(client.get("/jobs/" + jobId + "/accumulators"));
  }

  /** How many checkpoints the job completed: its checkpoint statistics alone. */
  public long completedCheckpoints(String jobId) throws FlinkRestException {
    return client.get("/jobs/" + jobId + "/checkpoints").path("counts").path("completed").asLong();
  }

  /** The job's latest failure: its exception history alone. */
  public Optional<JobException> latestException(String jobId) throws FlinkRestException {
    return latestException(client.get("/jobs/" + jobId + "/exceptions?maxExceptions=1"));
  }

  private long restarts(String jobPath) throws FlinkRestException {
    for (JsonNode metric : client.get(jobPath + "/metrics?get=numRestarts")) {
      return metric.path("value").asLong();
    }
    return 0;
  }

  static Optional<CheckpointReport> lastCheckpoint(JsonNode checkpoints) {
    JsonNode latest = checkpoints.path("latest");
    JsonNode newest = null;
    for (String kind : List.of("completed", "savepoint")) {
      JsonNode candidate = latest.path(kind);
      if (candidate.isObject() && (newest == null || candidate.path("id").asLong() > newest.path("id").asLong())) {
        newest = candidate;
      }
    }
    return newest == null ? Optional.empty() : Optional.of(checkpoint(newest));
  }

  /** The latest completed checkpoints and savepoints, newest first, from the statistics' history. */
  static List<CheckpointReport> recentCheckpoints(JsonNode checkpoints) {
    List<CheckpointReport> recent = new ArrayList<>();
    for (JsonNode entry : checkpoints.path("history")) {
      if ("COMPLETED".equals(entry.path("status").asText())) {
        recent.add(checkpoint(entry));
      }
    }
    recent.sort((a, b) -> Long.compare(b.id(), a.id()));
    return List.copyOf(recent.subList(0, Math.min(RECENT_CHECKPOINTS, recent.size())));
  }

  private static CheckpointReport checkpoint(JsonNode stats) {
    String external = stats.path("external_path").asText("");
    return new CheckpointReport(stats.path("id").asLong(),
        Instant.ofEpochMilli(stats.path("latest_ack_timestamp").asLong()),
        stats.path("checkpointed_size").asLong(stats.path("state_size").asLong()),
        Duration.ofMillis(stats.path("end_to_end_duration").asLong()),
        external.startsWith("<") ? "" : external, stats.path("is_savepoint").asBoolean());
  }

  static List<VertexReport> vertices(JsonNode job) {
    List<VertexReport> vertices = new ArrayList<>();
    for (JsonNode vertex : job.path("vertices")) {
      JsonNode metrics = vertex.path("metrics");
      vertices.add(new VertexReport(vertex.path("name").asText(), vertex.path("status").asText(),
          vertex.path("parallelism").asInt(), metrics.path("read-records").asLong(),
          metrics.path("write-records").asLong()));
    }
    return vertices;
  }

  static Optional<JobException> latestException(JsonNode exceptions) {
    JsonNode latest = null;
    for (JsonNode entry : exceptions.path("exceptionHistory").path("entries")) {
      if (latest == null || entry.path("timestamp").asLong() > latest.path("timestamp").asLong()) {
        latest = entry;
      }
    }
    if (latest == null) {
      return Optional.empty();
    }
    String trace = latest.path("stacktrace").asText();
    return Optional.of(new JobException(Instant.ofEpochMilli(latest.path("timestamp").asLong()),
        RestErrors.rootCause(trace), latest.path("taskName").asText(""), trace));
  }

  /** The REST API gives accumulator values as strings. */
  static PipelineProgress progress(JsonNode accumulators) {
    Map<String, Long> values = new HashMap<>();
    for (JsonNode accumulator : accumulators.path("user-task-accumulators")) {
      try {
        values.put(accumulator.path("name").asText(), Long.parseLong(accumulator.path("value").asText()));
      } catch (NumberFormatException e) {
        // not one of the row counters
      }
    }
    return PipelineProgress.fromAccumulators(values);
  }
}
