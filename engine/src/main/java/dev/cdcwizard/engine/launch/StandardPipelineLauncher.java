package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.flinkrest.FlinkRestMessage;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The engine's launch paths: embedded in this process, over REST to a session cluster (the local one,
 * started if needed, or a remote one), resuming from a savepoint where the request names one.
 */
final class StandardPipelineLauncher implements PipelineLauncher {
  private final LocalClusterHome home;

  StandardPipelineLauncher(LocalClusterHome home) {
    this.home = home;
  }

  @Override
  public PipelineRun start(LaunchRequest request, Consumer<UserMessage> phases) throws Exception {
    return switch (request.target()) {
      case EMBEDDED -> embedded(request);
      case LOCAL_CLUSTER -> onCluster(localCluster(request.pipeline().definition(), phases).client(), request, phases);
      case REMOTE_CLUSTER -> onCluster(new FlinkRestClient(request.restUrl()), request, phases);
    };
  }

  /**
   * The running local cluster, or one started now. A pipeline that may write to object storage is refused
   * when this process has object-store or Hadoop variables the cluster's processes were started without
   * (or with other values): its checks here would pass, and its TaskManager write with what it has.
   */
  private LocalFlinkCluster localCluster(PipelineDefinition definition, Consumer<UserMessage> phases)
      throws Exception {
    LocalFlinkCluster cluster = LocalFlinkCluster.startOrReuse(home, 0, Map.of(), phases);
    List<String> differing = cluster.environmentMissingOrDifferent(System.getenv());
    if (!differing.isEmpty() && definition.sink().iceberg()
        .map(iceberg -> IcebergSinkOptions.mayUseObjectStore(iceberg.catalogProperties())).orElse(false)) {
      throw new PipelineRefusedException(List.of(Refusal.of(UserMessage.of(
          EngineMessage.RUN_LOCAL_CLUSTER_ENVIRONMENT, String.join(", ", differing)))));
    }
    return cluster;
  }

  /** Without a savepoint named, resumes from the checkpoint a stopped run retained. */
  private PipelineRun embedded(LaunchRequest request) throws Exception {
    PipelineDefinition definition = request.pipeline().definition();
    Path checkpoints = home.checkpointsDir();
    if (request.resumeFrom() == null) {
      return EmbeddedPipelineRun.startOrResume(definition, checkpoints, request.fresh());
    }
    return EmbeddedPipelineRun.start(definition, new LaunchOptions(request.resumeFrom(),
        PipelineCheckpoints.of(checkpoints, definition).directory().toUri().toString()));
  }

  /** The job main reads the pipeline as YAML: written from the reviewed pipeline, with its password. */
  private static PipelineRun onCluster(FlinkRestClient client, LaunchRequest request, Consumer<UserMessage> phases)
      throws Exception {
    String yaml = new PipelineYamlWriter().write(request.pipeline());
    return ClusterPipelineRun.submit(client, JobJar.locate(), request.pipeline().definition(), yaml,
        new LaunchOptions(request.resumeFrom(), request.checkpointDir()), request.fresh(), phases);
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

  @Override
  public Optional<URI> runningLocalCluster() throws Exception {
    return LocalFlinkCluster.findRunning(home).map(LocalFlinkCluster::restUrl);
  }

  @Override
  public void stopLocalCluster() throws Exception {
    Optional<LocalFlinkCluster> cluster = LocalFlinkCluster.findRunning(home);
    if (cluster.isPresent()) {
      cluster.get().stop();
    }
  }

  private FlinkRestClient clusterOf(LaunchTarget target, URI restUrl, String jobId) throws IOException {
    return runningCluster(target, restUrl).orElseThrow(() -> new FlinkRestException(
        FlinkRestMessage.NO_LOCAL_JOB, jobId));
  }

  /** The cluster of {@code target}, if one runs there to ask; asking never starts the local one. */
  private Optional<FlinkRestClient> runningCluster(LaunchTarget target, URI restUrl) throws IOException {
    return switch (target) {
      case EMBEDDED -> Optional.empty();
      case LOCAL_CLUSTER -> LocalFlinkCluster.findRunning(home).map(LocalFlinkCluster::client);
      case REMOTE_CLUSTER -> Optional.of(new FlinkRestClient(restUrl));
    };
  }
}
