package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.snapshot.SnapshotMarker;
import dev.cdcwizard.engine.snapshot.TargetRows;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A pipeline running on a MiniCluster of its own, inside this process: the CLI's {@code run} and the
 * wizard's embedded launch. With the engine's own snapshot it first copies the tables, outside Flink,
 * then starts the cluster and the streaming job ({@link SnapshotPhase}); a resume copies the tables added
 * to the pipeline the same way, beside the starting cluster ({@link AddedTablesPhase}). Status, progress
 * and failures are the pipeline's across the copy and the job, and its job id is the streaming job's from the start.
 * Closing it cancels the job and stops the cluster.
 */
public final class EmbeddedPipelineRun implements PipelineRun {
  private static final Logger LOG = LoggerFactory.getLogger(EmbeddedPipelineRun.class);
  private static final Duration CANCEL_TIMEOUT = Duration.ofSeconds(30);

  private final ClusterStart cluster;
  private final JobID streamingJobId = new JobID();
  private final PipelineJobFactory factory;
  private final PreparedPipeline prepared;
  private final RunStart start;
  private final PipelineCheckpoints checkpoints;
  private final AtomicBoolean closed = new AtomicBoolean();
  private volatile CopyBeforeStreaming copying;
  private volatile JobClient streaming;
  private volatile String savepoint;

  private EmbeddedPipelineRun(ClusterStart cluster, PipelineJobFactory factory, PreparedPipeline prepared,
      RunStart start, PipelineCheckpoints checkpoints) {
    this.cluster = cluster;
    this.factory = factory;
    this.prepared = prepared;
    this.start = start;
    this.checkpoints = checkpoints;
  }

  /**
   * Prepares the pipeline (source tables, Iceberg tables) and starts it: fresh, or from the savepoint
   * of {@code options}, retaining checkpoints where they say.
   */
  public static EmbeddedPipelineRun start(PipelineDefinition definition, LaunchOptions options) throws Exception {
    ClusterStart cluster = ClusterStart.begin(definition.pipeline().get(PipelineOptions.PARALLELISM),
        options.checkpointDir());
    PipelineJobFactory factory = new PipelineJobFactory();
    RunStart start = RunStart.fromSavepoint(options);
    PreparedPipeline prepared;
    try {
      prepared = factory.prepare(definition);
    } catch (Exception e) {
      cluster.abandon();
      throw e;
    }
    return launch(factory, prepared, start, null, cluster);
  }

  /**
   * Prepares the pipeline and starts it where its last embedded run left it: from the latest checkpoint
   * retained under {@code checkpointsRoot}, or from a new snapshot (see {@link RunStart}).
   *
   * @param fresh start over: forget the checkpoints and empty the target tables first
   */
  public static EmbeddedPipelineRun startOrResume(PipelineDefinition definition, Path checkpointsRoot, boolean fresh)
      throws Exception {
    PipelineCheckpoints checkpoints = PipelineCheckpoints.of(checkpointsRoot, definition);
    ClusterStart cluster = ClusterStart.deferred(definition.pipeline().get(PipelineOptions.PARALLELISM),
        checkpoints.directory().toUri().toString());
    if (!mayCopyFirst(checkpoints, fresh)) {
      cluster.start();
    }
    PipelineJobFactory factory = new PipelineJobFactory();
    PreparedPipeline prepared = null;
    RunStart start;
    try {
      RunStart.requireResumable(definition, checkpoints, fresh);
      prepared = factory.prepare(definition);
      start = RunStart.decide(prepared, checkpoints, fresh);
    } catch (Exception e) {
      cluster.abandon();
      if (prepared != null) {
        TargetRows.dropCreated(prepared);
      }
      throw e;
    }
    if (start.phase() != RunStart.Phase.OWN_SNAPSHOT) {
      cluster.start();
    }
    return launch(factory, prepared, start, checkpoints, cluster);
  }

  /**
   * Whether the run may begin with the engine's own snapshot ({@link RunStart#decide} says for sure,
   * after preparing): then the cluster starts once the copy is done, not beside it.
   */
  private static boolean mayCopyFirst(PipelineCheckpoints checkpoints, boolean fresh) throws IOException {
    Optional<SnapshotMarker> marker = SnapshotMarker.read(checkpoints.directory());
    return fresh || marker.map(started -> !started.done()).orElse(checkpoints.latest().isEmpty());
  }

  /** The own snapshot does not wait for the cluster: only the streaming job after it needs it. */
  private static EmbeddedPipelineRun launch(PipelineJobFactory factory, PreparedPipeline prepared, RunStart start,
      PipelineCheckpoints checkpoints, ClusterStart cluster) throws Exception {
    EmbeddedPipelineRun run = new EmbeddedPipelineRun(cluster, factory, prepared, start, checkpoints);
    try {
      if (start.phase() == RunStart.Phase.OWN_SNAPSHOT) {
        run.copying = SnapshotPhase.begin(prepared, start.snapshotPlan(),
            checkpoints == null ? null : checkpoints.directory(),
            baseline -> run.submitStreaming(true, baseline));
      } else if (!start.added().isEmpty()) {
        run.copying = AddedTablesPhase.begin(prepared, start.added(), checkpoints, start.tablesSeen(),
            seen -> run.submitStreaming(start.phase() == RunStart.Phase.STREAM_AFTER_OWN_SNAPSHOT, seen));
      } else {
        // a checkpoint's state takes the place of what the copies saw, for each table it holds
        run.submitStreaming(start.phase() == RunStart.Phase.STREAM_AFTER_OWN_SNAPSHOT, start.tablesSeen());
      }
      return run;
    } catch (Exception e) {
      cluster.abandon();
      TargetRows.dropCreated(prepared);
      throw e;
    }
  }

  private void submitStreaming(boolean afterOwnSnapshot, List<String> rewriteBaseline) throws Exception {
    JobGraph graph = new PipelineSubmitter(factory).jobGraph(prepared, start.options().savepointPath(),
        afterOwnSnapshot, rewriteBaseline);
    graph.setJobID(streamingJobId);
    streaming = cluster.await().submit(graph);
    LOG.info("Pipeline '{}' submitted as Flink job {}", prepared.definition().pipeline().get(PipelineOptions.NAME),
        streaming.getJobID());
  }

  /** Where the run started from: a retained checkpoint, or a new snapshot (into emptied tables). */
  public RunStart start() {
    return start;
  }

  @Override
  public Set<String> copiedEarlier() {
    if (start.resumedFrom().isEmpty()) {
      return Set.of();
    }
    Set<TableId> added = Set.copyOf(start.added());
    return prepared.sourceTables().keySet().stream()
        .filter(table -> !added.contains(table) && !added.contains(TableId.of(table.schema(), table.table())))
        .map(table -> table.postgresName().toString()).collect(Collectors.toUnmodifiableSet());
  }

  @Override
  public List<UserMessage> startNotes() {
    List<UserMessage> notes = new ArrayList<>(start.notes());
    notes.addAll(RunNotes.of(prepared.definition().sink(), false));
    notes.addAll(prepared.notes());
    return notes;
  }

  /**
   * The latest failure the job met, as a stack trace, while it restarts or once it failed; empty while
   * it has met none.
   */
  @Override
  public Optional<String> latestFailure() throws Exception {
    CopyBeforeStreaming phase = copying;
    if (streaming == null && phase != null) {
      if (phase.failure() == null) {
        return Optional.empty();
      }
      StringWriter trace = new StringWriter();
      phase.failure().printStackTrace(new PrintWriter(trace));
      return Optional.of(trace.toString());
    }
    return cluster.await().latestFailure(jobId());
  }

  @Override
  public PreparedPipeline prepared() {
    return prepared;
  }

  /** The streaming job's, also while the own snapshot runs before it. */
  @Override
  public JobID jobId() {
    return streamingJobId;
  }

  /** Starts the cluster if the own snapshot has not yet needed it, and waits for it. */
  @Override
  public URI webUi() throws Exception {
    return cluster.await().webUi();
  }

  /**
   * Whether the pipeline is past its initial snapshot, where the engine knows: its own snapshot ends
   * with the handover to streaming; Flink CDC's does not say when it ends (empty).
   */
  @Override
  public Optional<Boolean> snapshotDone() {
    return switch (start.phase()) {
      case OWN_SNAPSHOT -> Optional.of(streaming != null);
      case STREAM_AFTER_OWN_SNAPSHOT -> Optional.of(start.added().isEmpty() || streaming != null);
      case FLINK_CDC -> Optional.empty();
    };
  }

  @Override
  public JobStatus status() throws Exception {
    JobClient job = streaming;
    return job != null ? job.getJobStatus().get(10, TimeUnit.SECONDS) : copying.status();
  }

  /** Rows copied and changes streamed so far, across the snapshot's job and the streaming one. */
  @Override
  public PipelineProgress progress() throws Exception {
    Map<String, Object> accumulators = new HashMap<>();
    CopyBeforeStreaming phase = copying;
    JobClient job = streaming;
    if (phase != null) {
      add(accumulators, phase.rowsCopied());
    }
    if (job != null) {
      add(accumulators, job.getAccumulators().get(10, TimeUnit.SECONDS));
    }
    return PipelineProgress.fromAccumulators(accumulators);
  }

  private static void add(Map<String, Object> into, Map<String, ?> accumulators) {
    accumulators.forEach((name, value) -> into.merge(name, value,
        (a, b) -> a instanceof Number x && b instanceof Number y ? (Object) (x.longValue() + y.longValue()) : b));
  }

  @Override
  public long completedCheckpoints() throws Exception {
    JobClient job = streaming;
    return job == null ? 0 : cluster.await().completedCheckpoints(job.getJobID());
  }

  @Override
  public RunReport report() throws Exception {
    JobStatus status = status();
    JobClient job = streaming;
    return new RunReport(Instant.now(), status, status.isGloballyTerminalState() ? RunReport.noProgress() : progress(),
        completedCheckpoints(), job == null ? List.of() : cluster.await().recentCheckpoints(job.getJobID()), latestFailure());
  }

  /** Why the pipeline failed; waits for the job's result, so call it once the job has ended. */
  @Override
  public Throwable failure() throws InterruptedException {
    CopyBeforeStreaming phase = copying;
    if (phase != null) {
      awaitEnd(phase);
      if (phase.failure() != null || streaming == null) {
        return phase.failure();
      }
    }
    try {
      streaming.getJobExecutionResult().get(CANCEL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
      return null;
    } catch (ExecutionException e) {
      return e.getCause() == null ? e : e.getCause();
    } catch (TimeoutException e) {
      return e;
    }
  }

  /** Cancels the job and waits until it is cancelled, so the replication slot is released. */
  @Override
  public void cancel() throws Exception {
    CopyBeforeStreaming phase = copying;
    if (phase != null && streaming == null) {
      phase.cancel();
      awaitEnd(phase);
    }
    JobClient job = streaming;
    if (job != null && !job.getJobStatus().get(10, TimeUnit.SECONDS).isGloballyTerminalState()) {
      job.cancel().get(CANCEL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    }
  }

  /**
   * Stops the streaming job with a savepoint in the pipeline's folder, which the next
   * {@link #startOrResume} finds as the newest point to resume from. A run in its own snapshot is
   * cancelled (the next start redoes that snapshot), and so is one started from an explicit savepoint,
   * which has no folder of its own to write to.
   */
  @Override
  public void stop() throws Exception {
    JobClient job = streaming;
    if (job == null || checkpoints == null || job.getJobStatus().get(10, TimeUnit.SECONDS).isGloballyTerminalState()) {
      cancel();
      return;
    }
    Optional<String> taken = SavepointStop.stop(job, checkpoints.savepoints().toUri().toString(), CANCEL_TIMEOUT);
    if (taken.isEmpty()) {
      LOG.info("Pipeline '{}' did not run all its tasks in time for a savepoint: cancelled, the next start resumes"
          + " from its latest checkpoint", prepared.definition().pipeline().get(PipelineOptions.NAME));
      cancel();
      return;
    }
    String written = taken.get();
    job.getJobExecutionResult().get(CANCEL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    savepoint = written;
    checkpoints.keepOnlySavepoint(written.contains(":") ? Path.of(URI.create(written)) : Path.of(written));
    LOG.info("Pipeline '{}' stopped with savepoint {}", prepared.definition().pipeline().get(PipelineOptions.NAME),
        written);
  }

  /**
   * The savepoint of {@link #stop()}, to show; the next embedded start finds it (or the latest retained
   * checkpoint, after a cancel) itself.
   */
  @Override
  public Optional<String> resumePoint() {
    return Optional.ofNullable(savepoint);
  }

  private static void awaitEnd(CopyBeforeStreaming phase) throws InterruptedException {
    long deadline = System.nanoTime() + CANCEL_TIMEOUT.toNanos();
    while (!phase.ended() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  /** Whether {@link #close()} was called: the job and its cluster are gone or going. */
  @Override
  public boolean closed() {
    return closed.get();
  }

  /**
   * Cancels the job and stops the cluster (one the own snapshot had not needed yet is not started);
   * a second call (a shutdown hook's, say) does nothing.
   */
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
