package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.launch.PipelineRun;
import java.util.Optional;

/** The slice of the wizard's state that holds what the wizard started and stops when it closes. */
public interface StartedServices {
  /** Keeps the running pipeline to stop it with the wizard; closes one started before. */
  void usePipelineRun(PipelineRun run);

  Optional<PipelineRun> pipelineRun();

  /** Cancels the pipeline and stops its Flink cluster; blocks up to the engine's cancel timeout. */
  void stopPipeline();

  /** Keeps the sample server to stop it with the wizard; stops one started before. */
  void useSampleServer(EmbeddedPostgresServer server);

  void stopSampleServer();
}
