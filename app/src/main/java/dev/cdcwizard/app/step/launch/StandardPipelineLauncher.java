package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.launch.ClusterPipelineRun;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.JobJar;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.launch.rest.FlinkJobs;
import dev.cdcwizard.engine.launch.rest.FlinkRestClient;
import dev.cdcwizard.engine.launch.rest.FlinkRestException;
import dev.cdcwizard.engine.launch.rest.FlinkRestMessage;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import java.io.IOException;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The engine's launch paths, as the command line's: embedded like {@code run}, over REST to a session
 * cluster like {@code submit} (or {@code resume}, given a savepoint), the job list like {@code status}, a
 * listed job's end like {@code stop}.
 */
final class StandardPipelineLauncher implements PipelineLauncher {

  @Override
  public PipelineRun start(LaunchRequest request) throws Exception {
    return switch (request.target()) {
      // resumes from the checkpoint a stopped run retained
      case EMBEDDED -> EmbeddedPipelineRun.startOrResume(request.pipeline().definition(),
          LocalClusterHome.defaultHome().checkpointsDir(), request.fresh());
      case LOCAL_CLUSTER -> onCluster(LocalFlinkCluster.startOrReuse(LocalClusterHome.defaultHome()).client(), request);
      case REMOTE_CLUSTER -> onCluster(new FlinkRestClient(request.restUrl()), request);
    };
  }

  /** The job main reads the pipeline as YAML: written from the reviewed pipeline, with its password. */
  private static PipelineRun onCluster(FlinkRestClient client, LaunchRequest request) throws Exception {
    String yaml = new PipelineYamlWriter().write(request.pipeline());
    return ClusterPipelineRun.submit(client, JobJar.locate(), request.pipeline().definition(), yaml,
        LaunchOptions.FRESH.resumingFrom(request.resumeFrom()), request.fresh());
  }

  @Override
  public Optional<List<ClusterJob>> jobs(LaunchTarget target, URI restUrl) throws Exception {
    Optional<FlinkRestClient> client = runningCluster(target, restUrl);
    if (client.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new FlinkJobs(client.get()).list().stream()
        .map(job -> new ClusterJob(job.id(), job.name(), job.state(), Instant.ofEpochMilli(job.startTime())))
        .toList());
  }

  @Override
  public PipelineRun follow(PipelineImport pipeline, LaunchTarget target, URI restUrl, String jobId) throws Exception {
    return ClusterPipelineRun.follow(clusterOf(target, restUrl, jobId), jobId, pipeline.definition());
  }

  @Override
  public String stopJob(LaunchTarget target, URI restUrl, String jobId) throws Exception {
    return ClusterPipelineRun.stopJob(clusterOf(target, restUrl, jobId), jobId);
  }

  @Override
  public Optional<String> cancelJob(LaunchTarget target, URI restUrl, String jobId) throws Exception {
    return ClusterPipelineRun.cancelJob(clusterOf(target, restUrl, jobId), jobId);
  }

  private static FlinkRestClient clusterOf(LaunchTarget target, URI restUrl, String jobId) throws IOException {
    return runningCluster(target, restUrl).orElseThrow(() -> new FlinkRestException(
        FlinkRestMessage.NO_LOCAL_JOB, jobId));
  }

  /** The cluster of {@code target}, if one runs there to ask; asking never starts the local one. */
  private static Optional<FlinkRestClient> runningCluster(LaunchTarget target, URI restUrl) throws IOException {
    return switch (target) {
      case EMBEDDED -> Optional.empty();
      case LOCAL_CLUSTER -> LocalFlinkCluster.findRunning(LocalClusterHome.defaultHome()).map(LocalFlinkCluster::client);
      case REMOTE_CLUSTER -> Optional.of(new FlinkRestClient(restUrl));
    };
  }
}
