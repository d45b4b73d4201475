package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.job.PreparedPipeline;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A pipeline running on a MiniCluster of its own, inside this process: the CLI's {@code run} and the
 * wizard's embedded launch. Closing it cancels the job and stops the cluster.
 */
public final class EmbeddedPipelineRun implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPipelineRun.class);
  private static final Duration CANCEL_TIMEOUT = Duration.ofSeconds(30);

  private final EmbeddedFlinkCluster cluster;
  private final PreparedPipeline prepared;
  private final JobClient job;

  private EmbeddedPipelineRun(EmbeddedFlinkCluster cluster, PreparedPipeline prepared, JobClient job) {
    this.cluster = cluster;
    this.prepared = prepared;
    this.job = job;
  }

  /**
   * Prepares the pipeline (source tables, Iceberg tables) and starts it.
   *
   * @param savepoint a savepoint or retained checkpoint to resume from, or null
   */
  public static EmbeddedPipelineRun start(PipelineDefinition definition, String savepoint) throws Exception {
    return start(definition, new LaunchOptions(savepoint, null));
  }

  /** Like {@link #start(PipelineDefinition, String)}, with checkpoints retained where the options say. */
  public static EmbeddedPipelineRun start(PipelineDefinition definition, LaunchOptions options) throws Exception {
    PipelineJobFactory factory = new PipelineJobFactory();
    PreparedPipeline prepared = factory.prepare(definition);
    int parallelism = definition.pipeline().get(PipelineOptions.PARALLELISM);
    EmbeddedFlinkCluster cluster = EmbeddedFlinkCluster.start(parallelism, options.checkpointDir());
    try {
      JobClient job = cluster.submit(new PipelineSubmitter(factory).jobGraph(prepared, options.savepointPath()));
      LOG.info("Pipeline '{}' submitted as Flink job {}",
          definition.pipeline().get(PipelineOptions.NAME), job.getJobID());
      return new EmbeddedPipelineRun(cluster, prepared, job);
    } catch (Exception e) {
      cluster.close();
      throw e;
    }
  }

  public PreparedPipeline prepared() {
    return prepared;
  }

  public JobID jobId() {
    return job.getJobID();
  }

  public URI webUi() throws Exception {
    return cluster.webUi();
  }

  public JobStatus status() throws Exception {
    return job.getJobStatus().get(10, TimeUnit.SECONDS);
  }

  public PipelineProgress progress() throws Exception {
    return PipelineProgress.fromAccumulators(job.getAccumulators().get(10, TimeUnit.SECONDS));
  }

  public long completedCheckpoints() throws Exception {
    return cluster.completedCheckpoints(job.getJobID());
  }

  /** Why the job failed, once it has; null while it runs or after it ended otherwise. */
  public Throwable failure() {
    try {
      job.getJobExecutionResult().getNow(null);
      return null;
    } catch (Exception e) {
      return e.getCause() == null ? e : e.getCause();
    }
  }

  /** Cancels the job and waits until it is cancelled, so the replication slot is released. */
  public void cancel() throws Exception {
    if (!status().isGloballyTerminalState()) {
      job.cancel().get(CANCEL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
  }

  @Override
  public void close() throws Exception {
    try {
      cancel();
    } finally {
      cluster.close();
    }
  }
}
