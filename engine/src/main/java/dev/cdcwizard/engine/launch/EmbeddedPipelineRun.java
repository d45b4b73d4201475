package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.job.PreparedPipeline;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
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
  private final RunStart start;
  private final AtomicBoolean closed = new AtomicBoolean();

  private EmbeddedPipelineRun(EmbeddedFlinkCluster cluster, PreparedPipeline prepared, JobClient job, RunStart start) {
    this.cluster = cluster;
    this.prepared = prepared;
    this.job = job;
    this.start = start;
  }

  /**
   * Prepares the pipeline (source tables, Iceberg tables) and starts it: fresh, or from the savepoint
   * of {@code options}, retaining checkpoints where they say.
   */
  public static EmbeddedPipelineRun start(PipelineDefinition definition, LaunchOptions options) throws Exception {
    PipelineJobFactory factory = new PipelineJobFactory();
    PreparedPipeline prepared = factory.prepare(definition);
    return launch(factory, prepared, new RunStart(options, Optional.empty(), List.of()));
  }

  /**
   * Prepares the pipeline and starts it where its last embedded run left it: from the latest checkpoint
   * retained under {@code checkpointsRoot}, or from a new snapshot (see {@link RunStart}).
   *
   * @param fresh start over: forget the checkpoints and empty the target tables first
   */
  public static EmbeddedPipelineRun startOrResume(PipelineDefinition definition, Path checkpointsRoot, boolean fresh)
      throws Exception {
    PipelineJobFactory factory = new PipelineJobFactory();
    PreparedPipeline prepared = factory.prepare(definition);
    RunStart start = RunStart.decide(prepared, PipelineCheckpoints.of(checkpointsRoot, definition), fresh);
    return launch(factory, prepared, start);
  }

  private static EmbeddedPipelineRun launch(PipelineJobFactory factory, PreparedPipeline prepared, RunStart start)
      throws Exception {
    PipelineDefinition definition = prepared.definition();
    int parallelism = definition.pipeline().get(PipelineOptions.PARALLELISM);
    EmbeddedFlinkCluster cluster = EmbeddedFlinkCluster.start(parallelism, start.options().checkpointDir());
    try {
      JobClient job = cluster.submit(new PipelineSubmitter(factory).jobGraph(prepared,
          start.options().savepointPath()));
      LOG.info("Pipeline '{}' submitted as Flink job {}",
          definition.pipeline().get(PipelineOptions.NAME), job.getJobID());
      return new EmbeddedPipelineRun(cluster, prepared, job, start);
    } catch (Exception e) {
      cluster.close();
      throw e;
    }
  }

  /** Where the run started from: a retained checkpoint, or a new snapshot (into emptied tables). */
  public RunStart start() {
    return start;
  }

  /**
   * The latest failure the job met, as a stack trace, while it restarts or once it failed; empty while
   * it has met none.
   */
  public Optional<String> latestFailure() throws Exception {
    return cluster.latestFailure(job.getJobID());
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

  /** Why the job failed; waits for the job's result, so call it once the job has ended. */
  public Throwable failure() throws InterruptedException {
    try {
      job.getJobExecutionResult().get(CANCEL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      return null;
    } catch (ExecutionException e) {
      return e.getCause() == null ? e : e.getCause();
    } catch (TimeoutException e) {
      return e;
    }
  }

  /** Cancels the job and waits until it is cancelled, so the replication slot is released. */
  public void cancel() throws Exception {
    if (!status().isGloballyTerminalState()) {
      job.cancel().get(CANCEL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
  }

  /** Whether {@link #close()} was called: the job and its cluster are gone or going. */
  public boolean closed() {
    return closed.get();
  }

  /** Cancels the job and stops the cluster; a second call (a shutdown hook's, say) does nothing. */
  @Override
  public void close() throws Exception {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      cancel();
    } finally {
      cluster.close();
    }
  }
}
