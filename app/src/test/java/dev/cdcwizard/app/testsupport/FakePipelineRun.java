package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.launch.RunReport;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.CheckpointReport;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.record.PreparedPipeline;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
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
 * progress with its cancellation once cancelled. An embedded one unless made {@link #onCluster()}.
 */
public final class FakePipelineRun implements PipelineRun {
  public static final String SAVEPOINT = "file:/flink/savepoints/savepoint-4c1a9e-5b3f7d2a";
  public static final String CHECKPOINT = "file:/flink/checkpoints/4c1a9e/chk-3";
  /** The tutorial's pipeline, reading slot {@link FakeRunSlots#SLOT}. */
  public static final PipelineDefinition TUTORIAL = new PipelineDefinitionBuilder()
      .connection("localhost", 5432, "postgres", "tutorial")
      .tables("inventory", List.of(TableId.of("public", "orders")))
      .slot(FakeRunSlots.SLOT)
      .publication("cdc_orders")
      .hadoopWarehouse("file:///tmp/warehouse")
      .build();

  private final JobID jobId = new JobID();
  private final AtomicInteger statusReads = new AtomicInteger();
  private final boolean unreachable;
  private final boolean onCluster;
  private volatile JobStatus status = JobStatus.RUNNING;
  private volatile long changes;
  private volatile boolean stoppedWithSavepoint;
  private volatile boolean closed;
  private volatile Throwable failure;
  private List<TargetTable> targets = List.of();

  public FakePipelineRun() {
    this(false, false);
  }

  private FakePipelineRun(boolean unreachable, boolean onCluster) {
    this.unreachable = unreachable;
    this.onCluster = onCluster;
  }

  /** A run on a cluster that does not answer: every status read fails. */
  public static FakePipelineRun unreachable() {
    return new FakePipelineRun(true, false);
  }

  /** A run on a session cluster: it outlives the wizard, and stops with a savepoint. */
  public static FakePipelineRun onCluster() {
    return new FakePipelineRun(false, true);
  }

  /** A run of the tutorial's pipeline whose preparation found the target table {@code name}. */
  public static FakePipelineRun withTarget(String name) {
    FakePipelineRun run = new FakePipelineRun();
    run.targets = List.of(new TargetTable(name));
    return run;
  }

  /** Ends the run as a job that failed with {@code cause}. */
  public void fail(Throwable cause) {
    failure = cause;
    status = JobStatus.FAILED;
  }

  /** Changes streamed so far, as the job's accumulators would count them. */
  public void streamed(long total) {
    changes = total;
  }

  public JobStatus currentStatus() {
    return status;
  }

  public boolean stoppedWithSavepoint() {
    return stoppedWithSavepoint;
  }

  public int statusReads() {
    return statusReads.get();
  }

  /** The tutorial's pipeline, as prepared without a server: no source table resolved, no target table but {@link #withTarget}'s. */
  @Override
  public PreparedPipeline prepared() {
    return new PreparedPipeline(TUTORIAL, Map.of(), targets);
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
    return PipelineProgress.fromAccumulators(
        Map.of("snapshot-rows:public.orders", 2L, "streamed-changes:public.orders", changes));
  }

  @Override
  public RunReport report() throws ExecutionException {
    JobStatus now = status();
    return new RunReport(Instant.now(), now, now.isGloballyTerminalState() ? RunReport.noProgress() : progress(),
        completedCheckpoints(), List.of(new CheckpointReport(1, Instant.parse("2026-01-05T09:00:03Z"), 20_480,
            Duration.ofMillis(240), CHECKPOINT, false)), latestFailure());
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
    return failure;
  }

  @Override
  public void cancel() {
    status = JobStatus.CANCELED;
  }

  @Override
  public void stop() {
    if (onCluster) {
      stoppedWithSavepoint = true;
      status = JobStatus.FINISHED;
    } else {
      cancel();
    }
  }

  @Override
  public Optional<String> resumePoint() {
    if (!onCluster) {
      return Optional.empty();
    }
    return Optional.of(stoppedWithSavepoint ? SAVEPOINT : CHECKPOINT);
  }

  @Override
  public boolean outlivesProcess() {
    return onCluster;
  }

  @Override
  public List<UserMessage> startNotes() {
    return List.of(UserMessage.of(EngineMessage.RUN_SNAPSHOT_OWN, 1, 2, "cdc_orders"));
  }

  @Override
  public boolean closed() {
    return closed;
  }

  /** Like the engine's runs: a cluster's job keeps running, an embedded one is cancelled. */
  @Override
  public void close() {
    if (!onCluster) {
      cancel();
    }
    closed = true;
  }
}
