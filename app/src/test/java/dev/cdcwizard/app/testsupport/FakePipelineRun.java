package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.job.PreparedPipeline;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.postgres.UserMessage;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.runtime.client.JobCancellationException;

/**
 * A pipeline run without Flink, for view-model tests. Like a job on Flink's MiniCluster, it answers
 * progress with its cancellation once cancelled.
 */
public final class FakePipelineRun implements PipelineRun {
  private final JobID jobId = new JobID();
  private final AtomicInteger statusReads = new AtomicInteger();
  private final boolean unreachable;
  private volatile JobStatus status = JobStatus.RUNNING;
  private volatile boolean closed;

  public FakePipelineRun() {
    this(false);
  }

  private FakePipelineRun(boolean unreachable) {
    this.unreachable = unreachable;
  }

  /** A run on a cluster that does not answer: every status read fails. */
  public static FakePipelineRun unreachable() {
    return new FakePipelineRun(true);
  }

  public int statusReads() {
    return statusReads.get();
  }

  @Override
  public PreparedPipeline prepared() {
    throw new UnsupportedOperationException("no prepared pipeline in a view-model test");
  }

  @Override
  public JobID jobId() {
    return jobId;
  }

  @Override
  public URI webUi() {
    return URI.create("http://localhost:8081");
  }

  @Override
  public JobStatus status() {
    statusReads.incrementAndGet();
    if (unreachable) {
      throw new IllegalStateException("the cluster does not answer");
    }
    return status;
  }

  @Override
  public PipelineProgress progress() throws ExecutionException {
    if (status.isGloballyTerminalState()) {
      throw new ExecutionException(new JobCancellationException(jobId, "Job was cancelled.", null));
    }
    return PipelineProgress.fromAccumulators(Map.of("snapshot-rows:public.orders", 2L));
  }

  @Override
  public Optional<Boolean> snapshotDone() {
    return Optional.of(true);
  }

  @Override
  public long completedCheckpoints() {
    return 1;
  }

  @Override
  public Optional<String> latestFailure() {
    return Optional.empty();
  }

  @Override
  public Throwable failure() {
    return null;
  }

  @Override
  public void cancel() {
    status = JobStatus.CANCELED;
  }

  @Override
  public List<UserMessage> startNotes() {
    return List.of(UserMessage.of(EngineMessage.RUN_SNAPSHOT_OWN, 1, 2, "cdc_orders"));
  }

  @Override
  public boolean closed() {
    return closed;
  }

  @Override
  public void close() {
    cancel();
    closed = true;
  }
}
