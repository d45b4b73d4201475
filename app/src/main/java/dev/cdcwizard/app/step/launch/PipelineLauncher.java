package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;

/** How the launch step starts a pipeline; injected, so that tests drive the start path without Flink. */
@FunctionalInterface
public interface PipelineLauncher {
  /**
   * Starts the pipeline; runs on a background thread.
   *
   * @param fresh start over: forget the retained checkpoints and empty the target tables first
   */
  PipelineRun start(PipelineDefinition definition, boolean fresh) throws Exception;

  /** As the CLI's run: on Flink embedded in this process, resuming from the checkpoint a stopped run retained. */
  static PipelineLauncher embedded() {
    return (definition, fresh) -> EmbeddedPipelineRun.startOrResume(definition,
        LocalClusterHome.defaultHome().checkpointsDir(), fresh);
  }
}
