package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.launch.ClusterPipelineRun;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.JobJar;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.launch.rest.FlinkRestClient;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlWriter;
import java.net.URI;

/** How the launch step starts a pipeline; injected, so that tests drive the start path without Flink. */
@FunctionalInterface
public interface PipelineLauncher {
  /**
   * Starts the pipeline; runs on a background thread.
   *
   * @param restUrl the cluster's REST address for {@link LaunchTarget#REMOTE_CLUSTER}, else null
   * @param fresh start over: forget the retained checkpoints and empty the target tables first (embedded only)
   */
  PipelineRun start(PipelineImport pipeline, LaunchTarget target, URI restUrl, boolean fresh) throws Exception;

  /** As the command line's {@code submit}: embedded like {@code run}, or over REST to a session cluster. */
  static PipelineLauncher standard() {
    return (pipeline, target, restUrl, fresh) -> switch (target) {
      // resumes from the checkpoint a stopped run retained
      case EMBEDDED -> EmbeddedPipelineRun.startOrResume(pipeline.definition(),
          LocalClusterHome.defaultHome().checkpointsDir(), fresh);
      case LOCAL_CLUSTER -> onCluster(LocalFlinkCluster.startOrReuse(LocalClusterHome.defaultHome()).client(), pipeline);
      case REMOTE_CLUSTER -> onCluster(new FlinkRestClient(restUrl), pipeline);
    };
  }

  /** The job main reads the pipeline as YAML: written from the reviewed pipeline, with its password. */
  private static PipelineRun onCluster(FlinkRestClient client, PipelineImport pipeline) throws Exception {
    String yaml = new PipelineYamlWriter().write(pipeline);
    return ClusterPipelineRun.submit(client, JobJar.locate(), pipeline.definition(), yaml, LaunchOptions.FRESH);
  }
}
