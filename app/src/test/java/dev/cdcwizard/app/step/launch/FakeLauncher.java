package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.launch.LaunchRequest;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.ClusterJob;
import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.flinkrest.FlinkRestMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A launcher without Flink: starts what the test says, lists one job on any cluster, follows, stops and
 * cancels any.
 */
final class FakeLauncher implements PipelineLauncher {
  static final ClusterJob LISTED = new ClusterJob("4c1a9e0000000000000000000000cafe", "postgres-to-iceberg",
      "RUNNING", Instant.parse("2026-01-05T09:00:00Z"));
  static final String SAVEPOINT_FAILURE = "CheckpointException: Checkpoint storage is not configured";

  private final Starter starter;
  final List<LaunchRequest> requests = new CopyOnWriteArrayList<>();
  final List<String> listed = new CopyOnWriteArrayList<>();
  final List<String> followed = new CopyOnWriteArrayList<>();
  final List<String> ended = new CopyOnWriteArrayList<>();
  volatile boolean clusterRefusesToEndJobs;
  /** What each start reports before it returns, as the local cluster's start does. */
  volatile List<UserMessage> phasesToReport = List.of();

  FakeLauncher(Starter starter) {
    this.starter = starter;
  }

  @Override
  public PipelineRun start(LaunchRequest request, Consumer<UserMessage> phases) throws Exception {
    requests.add(request);
    phasesToReport.forEach(phases);
    return starter.start(request);
  }

  @Override
  public Optional<List<ClusterJob>> jobs(LaunchTarget target, URI restUrl) {
    listed.add(target + " " + restUrl);
    return target == LaunchTarget.EMBEDDED ? Optional.empty() : Optional.of(List.of(LISTED));
  }

  @Override
  public PipelineRun follow(PipelineImport pipeline, LaunchTarget target, URI restUrl, String jobId) {
    followed.add(target + " " + restUrl + " " + jobId);
    return FakePipelineRun.onCluster();
  }

  /** As a session cluster whose {@code state.savepoints.dir} is set: a stopped job names its savepoint. */
  @Override
  public String stopJob(LaunchTarget target, URI restUrl, String jobId) throws FlinkRestException {
    ended.add("stop " + target + " " + restUrl + " " + jobId);
    if (clusterRefusesToEndJobs) {
      throw new FlinkRestException(FlinkRestMessage.SAVEPOINT_FAILED, jobId, SAVEPOINT_FAILURE);
    }
    return FakePipelineRun.SAVEPOINT;
  }

  @Override
  public Optional<String> cancelJob(LaunchTarget target, URI restUrl, String jobId) throws FlinkRestException {
    ended.add("cancel " + target + " " + restUrl + " " + jobId);
    if (clusterRefusesToEndJobs) {
      throw new FlinkRestException(FlinkRestMessage.REFUSED, "PATCH", "/jobs/" + jobId, "409",
          "could not be cancelled");
    }
    return Optional.of(FakePipelineRun.CHECKPOINT);
  }

  @Override
  public void stopLocalCluster() throws FlinkRestException {
    ended.add("stop the local cluster");
    if (clusterRefusesToEndJobs) {
      throw new FlinkRestException(FlinkRestMessage.REFUSED, "DELETE", "/cluster", "500", "could not be stopped");
    }
  }

  @Override
  public Optional<URI> runningLocalCluster() {
    return Optional.empty();
  }

  @FunctionalInterface
  interface Starter {
    PipelineRun start(LaunchRequest request) throws Exception;
  }
}
