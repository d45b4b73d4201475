package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** A launcher without Flink: starts what the test says, lists one job on any cluster and follows any. */
final class FakeLauncher implements PipelineLauncher {
  static final ClusterJob LISTED = new ClusterJob("4c1a9e0000000000000000000000cafe", "postgres-to-iceberg",
      "RUNNING", Instant.parse("2026-01-05T09:00:00Z"));

  private final Starter starter;
  final List<LaunchRequest> requests = new CopyOnWriteArrayList<>();
  final List<String> listed = new CopyOnWriteArrayList<>();
  final List<String> followed = new CopyOnWriteArrayList<>();

  FakeLauncher(Starter starter) {
    this.starter = starter;
  }

  @Override
  public PipelineRun start(LaunchRequest request) throws Exception {
    requests.add(request);
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

  @FunctionalInterface
  interface Starter {
    PipelineRun start(LaunchRequest request) throws Exception;
  }
}
