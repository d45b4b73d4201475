package dev.cdcwizard.engine.monitor;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.launch.rest.FlinkRestClient;
import dev.cdcwizard.engine.launch.rest.FlinkRestException;
import dev.cdcwizard.engine.launch.rest.RestErrors;
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
        vertices(job), latestException(client.get(path + "/exceptions?maxExceptions=1")),
        progress(client.get(path + "/accumulators")), client.webUi(jobId));
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
    if (newest == null) {
      return Optional.empty();
    }
    String external = newest.path("external_path").asText("");
    return Optional.of(new CheckpointReport(newest.path("id").asLong(),
        Instant.ofEpochMilli(newest.path("latest_ack_timestamp").asLong()),
        newest.path("checkpointed_size").asLong(newest.path("state_size").asLong()),
        Duration.ofMillis(newest.path("end_to_end_duration").asLong()),
        external.startsWith("<") ? "" : external, newest.path("is_savepoint").asBoolean()));
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
