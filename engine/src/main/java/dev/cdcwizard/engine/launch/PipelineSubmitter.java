package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.record.PreparedPipeline;
import java.util.List;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.SavepointRestoreSettings;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** Turns a prepared pipeline into the job graph that a Flink cluster runs. */
public final class PipelineSubmitter {
  private final PipelineJobFactory jobFactory;

  public PipelineSubmitter(PipelineJobFactory jobFactory) {
    this.jobFactory = jobFactory;
  }

  /** @param savepoint a savepoint or retained checkpoint to resume from, or null to start fresh */
  public JobGraph jobGraph(PreparedPipeline prepared, String savepoint) {
    return jobGraph(prepared, savepoint, false, List.of());
  }

  /**
   * @param afterOwnSnapshot whether the job streams on from the slot of the engine's own snapshot
   * @param rewriteBaseline the captured tables as that snapshot saw them, or empty
   */
  public JobGraph jobGraph(PreparedPipeline prepared, String savepoint, boolean afterOwnSnapshot,
      List<String> rewriteBaseline) {
    StreamExecutionEnvironment env =
        new StreamExecutionEnvironment(jobFactory.jobConfiguration(prepared.definition()));
    jobFactory.build(env, prepared, afterOwnSnapshot, rewriteBaseline);
    JobGraph jobGraph = env.getStreamGraph().getJobGraph();
    if (savepoint != null) {
      jobGraph.setSavepointRestoreSettings(SavepointRestoreSettings.forPath(savepoint, false));
    }
    return jobGraph;
  }
}
