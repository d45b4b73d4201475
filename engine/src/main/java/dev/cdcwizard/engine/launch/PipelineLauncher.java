package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The one way a pipeline is started, on every target: the command line's {@code run}, {@code submit}
 * and {@code resume} and the wizard's launch step call it. It also lists a cluster's jobs and ends one
 * of them. The wizard is given it, so its view-model tests can do all of it without Flink.
 */
public interface PipelineLauncher {
  /** Starts the pipeline; runs on a background thread. */
  default PipelineRun start(LaunchRequest request) throws Exception {
    return start(request, phase -> { });
  }

  /**
   * Starts the pipeline, telling {@code phases} where a start that takes long has come (the local cluster's,
   * when it starts it), from the thread it runs on; runs on a background thread.
   */
  PipelineRun start(LaunchRequest request, Consumer<UserMessage> phases) throws Exception;

  /**
   * The jobs of the chosen cluster, newest first; runs on a background thread. Empty when no cluster
   * runs there to ask: the local one before its first start, and the embedded Flink, which runs only
   * the wizard's own pipeline.
   *
   * @param restUrl the cluster's REST address for {@link LaunchTarget#REMOTE_CLUSTER}, else null
   */
  Optional<List<ClusterJob>> jobs(LaunchTarget target, URI restUrl) throws Exception;

  /**
   * Follows a job of the chosen cluster's list as the run of {@code pipeline}, without submitting
   * anything: a job the wizard left running when it closed, say. Runs on a background thread.
   */
  PipelineRun follow(PipelineImport pipeline, LaunchTarget target, URI restUrl, String jobId) throws Exception;

  /**
   * Stops a job of the chosen cluster's list with a savepoint, whoever started it, and waits until it
   * has ended; returns the savepoint's path. Runs on a background thread.
   */
  String stopJob(LaunchTarget target, URI restUrl, String jobId) throws Exception;

  /**
   * Cancels a job of the chosen cluster's list and waits until it is cancelled; returns its latest
   * retained checkpoint, if any. Runs on a background thread.
   */
  Optional<String> cancelJob(LaunchTarget target, URI restUrl, String jobId) throws Exception;

  /**
   * Stops the local session cluster's processes, if they run; every job on it ends with them and resumes
   * from its latest retained checkpoint at its next start. Runs on a background thread.
   */
  void stopLocalCluster() throws Exception;

  /** The local session cluster's REST address (its Web UI) while its processes run. Runs on a background thread. */
  Optional<URI> runningLocalCluster() throws Exception;

  /** Embedded, the local cluster (started if needed) or a remote one over REST. */
  static PipelineLauncher standard() {
    return standard(LocalClusterHome.defaultHome());
  }

  /** The engine's launcher, with the local cluster (and embedded runs' checkpoints) in {@code home}. */
  static PipelineLauncher standard(LocalClusterHome home) {
    return new StandardPipelineLauncher(home);
  }
}
