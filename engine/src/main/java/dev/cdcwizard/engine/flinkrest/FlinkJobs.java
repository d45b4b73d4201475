package dev.cdcwizard.engine.flinkrest;

import com.fasterxml.jackson.databind.JsonNode;
import dev.cdcwizard.engine.message.UserMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Job operations of Flink's REST API: run an uploaded jar, list jobs and jars, stop with a savepoint, cancel. */
public final class FlinkJobs {
  private static final Set<String> TERMINAL = Set.of("FINISHED", "CANCELED", "FAILED", "SUSPENDED");
  private static final long POLL_MILLIS = 500;
  private static final long DEFAULT_REFRESH_MILLIS = 3_000;

  private final FlinkRestClient client;

  public FlinkJobs(FlinkRestClient client) {
    this.client = client;
  }

  /** Runs an uploaded jar's entry class; returns the job id. */
  public String run(String jarId, JarRunRequest request) throws FlinkRestException {
    return client.post("/jars/" + jarId + "/run", request).path("jobid").asText();
  }

  public void deleteJar(String jarId) throws FlinkRestException {
    client.delete("/jars/" + jarId);
  }

  /** The jars uploaded to the cluster and kept there ({@code GET /jars}). */
  public List<UploadedJar> jars() throws FlinkRestException {
    List<UploadedJar> jars = new ArrayList<>();
    client.get("/jars").path("files").forEach(jar -> jars.add(new UploadedJar(jar.path("id").asText(),
        jar.path("name").asText(), jar.path("uploaded").asLong())));
    return jars;
  }

  /** The jobs the cluster knows, running and recently ended, newest first. */
  public List<JobSummary> list() throws FlinkRestException {
    List<JobSummary> jobs = new ArrayList<>();
    client.get("/jobs/overview").path("jobs").forEach(job -> jobs.add(new JobSummary(
        job.path("jid").asText(), job.path("name").asText(), job.path("state").asText(),
        job.path("start-time").asLong())));
    jobs.sort((a, b) -> Long.compare(b.startTime(), a.startTime()));
    return jobs;
  }

  public String state(String jobId) throws FlinkRestException {
    return client.get("/jobs/" + jobId).path("state").asText();
  }

  public static boolean terminal(String state) {
    return TERMINAL.contains(state);
  }

  /** Waits until the job is in one of {@code states} or has ended; returns the state it reached. */
  public String awaitState(String jobId, Set<String> states, Duration timeout) throws FlinkRestException {
    long deadline = System.nanoTime() + timeout.toNanos();
    String state = state(jobId);
    while (!states.contains(state) && !terminal(state) && System.nanoTime() < deadline) {
      sleep();
      state = state(jobId);
    }
    return state;
  }

  /**
   * Stops the job with a savepoint into {@code targetDirectory} (null: the cluster's
   * state.savepoints.dir) and waits for it; the job ends FINISHED. Returns the savepoint's path.
   */
  public String stopWithSavepoint(String jobId, String targetDirectory, Duration timeout)
      throws FlinkRestException {
    Map<String, Object> body = new HashMap<>(Map.of("drain", false));
    if (targetDirectory != null) {
      body.put("targetDirectory", targetDirectory);
    }
    String trigger = client.post("/jobs/" + jobId + "/stop", body).path("request-id").asText();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      JsonNode answer = client.get("/jobs/" + jobId + "/savepoints/" + trigger);
      if ("COMPLETED".equals(answer.path("status").path("id").asText())) {
        JsonNode operation = answer.path("operation");
        if (operation.has("location")) {
          // the savepoint is complete a moment before the job has finished
          awaitState(jobId, TERMINAL, timeout);
          return operation.get("location").asText();
        }
        String stackTrace = operation.path("failure-cause").path("stack-trace").asText();
        throw new FlinkRestException(UserMessage.of(FlinkRestMessage.SAVEPOINT_FAILED, jobId,
            RestErrors.rootCause(stackTrace)), stackTrace, null);
      }
      sleep();
    }
    throw new FlinkRestException(FlinkRestMessage.SAVEPOINT_TIMED_OUT, jobId, timeout.toSeconds());
  }

  /** Cancels the job; its last checkpoint stays (the job retains checkpoints on cancellation). */
  public void cancel(String jobId) throws FlinkRestException {
    client.patch("/jobs/" + jobId + "?mode=cancel");
  }

  /**
   * For a job that has just ended, its last retained checkpoint or savepoint. The REST API keeps the
   * checkpoint statistics it read for the cluster's {@code web.refresh-interval}, so a read soon after the
   * end may answer what a monitor read while the job ran, before its last checkpoint: that copy is let
   * expire first. The wait counts from the job's end on the cluster's own clock, so a job that ended a
   * while ago is read at once.
   */
  public Optional<String> retainedCheckpointPath(String jobId) throws FlinkRestException {
    JsonNode job = client.get("/jobs/" + jobId);
    long endTime = job.path("end-time").asLong(-1);
    long now = job.path("now").asLong(0);
    long sinceEnd = endTime > 0 && now >= endTime ? now - endTime : 0;
    long refreshMillis = client.get("/config").path("refresh-interval").asLong(DEFAULT_REFRESH_MILLIS);
    long wait = refreshMillis + POLL_MILLIS - sinceEnd;
    if (wait > 0) {
      pause(wait);
    }
    return latestCheckpointPath(jobId);
  }

  /** The path of the job's latest completed checkpoint or savepoint, if it has one on durable storage. */
  public Optional<String> latestCheckpointPath(String jobId) throws FlinkRestException {
    JsonNode latest = client.get("/jobs/" + jobId + "/checkpoints").path("latest");
    JsonNode newest = null;
    for (String kind : List.of("completed", "savepoint")) {
      JsonNode candidate = latest.path(kind);
      if (candidate.hasNonNull("external_path") && !candidate.path("discarded").asBoolean(false)
          && (newest == null || candidate.path("id").asLong() > newest.path("id").asLong())) {
        newest = candidate;
      }
    }
    return newest == null || newest.get("external_path").asText().startsWith("<")
        ? Optional.empty() : Optional.of(newest.get("external_path").asText());
  }

  private static void sleep() throws FlinkRestException {
    pause(POLL_MILLIS);
  }

  private static void pause(long millis) throws FlinkRestException {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.INTERRUPTED), "", e);
    }
  }

  /**
   * A jar the cluster keeps: the id that {@code /jars/{id}/run} takes, the file name it was uploaded under, and
   * when (epoch milliseconds, the cluster's clock).
   */
  public record UploadedJar(String id, String name, long uploaded) {}

  /** One line of the cluster's job list. */
  public record JobSummary(String id, String name, String state, long startTime) {}
}
