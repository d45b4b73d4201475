package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.UserDataFolder;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.monitor.JobException;
import dev.cdcwizard.engine.monitor.JobMonitor;
import dev.cdcwizard.engine.monitor.JobReport;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.snapshot.SnapshotPlan;
import dev.cdcwizard.engine.snapshot.TargetRows;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;

/**
 * A pipeline submitted to a Flink 1.20 session cluster, the local one or a remote one, followed over
 * the cluster's REST API. The cluster outlives the wizard: {@link #close()} leaves the job running,
 * {@link #stop()} ends it with a savepoint to resume from, {@link #cancel()} without one. The job takes its
 * snapshot itself ({@link PipelineJobMain}), so its end is not known here.
 */
public final class ClusterPipelineRun implements PipelineRun {
  private static final Duration CANCEL_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);
  /** A savepoint waits for the sinks to commit; Iceberg's commit of a large snapshot takes a while. */
  private static final Duration SAVEPOINT_TIMEOUT = Duration.ofMinutes(5);

  private final FlinkRestClient client;
  private final SubmittedPipeline job;
  private final PreparedPipeline prepared;
  private final List<UserMessage> notes;
  private final AtomicBoolean closed = new AtomicBoolean();
  /** Whether the job resumed from a savepoint or checkpoint: it copies nothing, a job before it did. */
  private final boolean resumed;
  /** The savepoint of a stop or the checkpoint a cancel retained: what a new start resumes from. */
  private volatile String endedAt;

  private ClusterPipelineRun(FlinkRestClient client, SubmittedPipeline job, PreparedPipeline prepared,
      List<UserMessage> notes, boolean resumed) {
    this.client = client;
    this.job = job;
    this.prepared = prepared;
    this.resumed = resumed;
    List<UserMessage> all = new ArrayList<>(notes);
    all.addAll(RunNotes.of(prepared.definition().sink(), true));
    all.addAll(prepared.notes());
    this.notes = List.copyOf(all);
  }

  /** Which snapshot a new job takes, and what a cluster's job does not do that this process would. */
  @Override
  public List<UserMessage> startNotes() {
    return notes;
  }

  /** A job on a cluster copies no table added since its savepoint (it stops): resumed, it copies none. */
  @Override
  public Set<String> copiedEarlier() {
    return resumed ? prepared.sourceTables().keySet().stream().map(table -> table.postgresName().toString())
        .collect(Collectors.toUnmodifiableSet()) : Set.of();
  }

  /**
   * The one way a pipeline starts on a session cluster ({@link PipelineLauncher} takes it for the local
   * and the remote target): checks the cluster's version, prepares the pipeline here (mistakes surface
   * before anything is uploaded), then runs the job jar with {@code pipelineYaml}.
   *
   * @param phases told when a resume copies added tables first, which may take a while
   */
  public static ClusterPipelineRun submit(FlinkRestClient client, Path jobJar, PipelineDefinition definition,
      String pipelineYaml, LaunchOptions options, boolean fresh, Consumer<UserMessage> phases) throws Exception {
    client.requireSupportedVersion();
    PreparedPipeline prepared = new PipelineJobFactory().prepare(definition);
    try {
      NewJobTargets.prepare(prepared, options, fresh);
      List<UserMessage> notes = new ArrayList<>();
      ResumeCopy.Copied copied = ResumeCopy.Copied.NONE;
      if (options.savepointPath() == null) {
        notes.add(snapshotNote(prepared));
      } else {
        copied = ResumeCopy.copyEmptyTargets(prepared, UserDataFolder.resolve().resolve("resume-copies"),
            tables -> phases.accept(UserMessage.of(EngineMessage.RUN_RESUME_COPYING, tables)));
        if (!copied.tables().isEmpty()) {
          notes.add(UserMessage.of(EngineMessage.RUN_RESUME_COPIED, copied.tables()));
        }
      }
      SubmittedPipeline job = new JobJarRunner(client, jobJar).run(pipelineYaml, definition, options, copied.seen());
      return new ClusterPipelineRun(client, job, prepared, notes, options.savepointPath() != null);
    } catch (Exception e) {
      // refused here, or the cluster answered the run request with an error: no job writes into them
      TargetRows.dropCreated(prepared);
      throw e;
    }
  }

  /** The job plans its snapshot as this does ({@link PipelineJobMain}), from the same catalog. */
  private static UserMessage snapshotNote(PreparedPipeline prepared) throws Exception {
    var source = prepared.definition().source();
    try (Connection connection = new PostgresConnector(CONNECT_TIMEOUT).open(source.endpoint())) {
      return SnapshotPlan.plan(connection, prepared).startNote(source.get(PostgresSourceOptions.SLOT_NAME));
    }
  }

  /**
   * Follows a job already running on the cluster, started earlier (by the wizard, say, left running
   * when it closed) from {@code definition}: prepared here as {@link #submit} does, for its target
   * tables; nothing is submitted.
   */
  public static ClusterPipelineRun follow(FlinkRestClient client, String jobId, PipelineDefinition definition)
      throws Exception {
    client.requireSupportedVersion();
    // a job the cluster does not know fails here, before anything is prepared
    new FlinkJobs(client).state(jobId);
    PreparedPipeline prepared = new PipelineJobFactory().prepareRunning(definition);
    return new ClusterPipelineRun(client, new SubmittedPipeline(jobId, client.restUrl(), client.webUi(jobId)), prepared,
        List.of(), false);
  }

  @Override
  public Optional<URI> restUrl() {
    return Optional.of(job.restUrl());
  }

  @Override
  public PreparedPipeline prepared() {
    return prepared;
  }

  @Override
  public JobID jobId() {
    return JobID.fromHexString(job.jobId());
  }

  @Override
  public URI webUi() {
    return job.webUi();
  }

  @Override
  public JobStatus status() throws FlinkRestException {
    return JobStatus.valueOf(new FlinkJobs(client).state(job.jobId()));
  }

  @Override
  public PipelineProgress progress() throws FlinkRestException {
    return new JobMonitor(client).progress(job.jobId());
  }

  /** One round of REST calls: the job, its checkpoints, exceptions and accumulators. */
  @Override
  public RunReport report() throws FlinkRestException {
    JobReport report = new JobMonitor(client).report(job.jobId());
    JobStatus status = JobStatus.valueOf(report.state());
    return new RunReport(Instant.now(), status,
        status.isGloballyTerminalState() ? RunReport.noProgress() : report.progress(), report.completedCheckpoints(),
        report.recentCheckpoints(), report.latestException().map(JobException::stackTrace));
  }

  @Override
  public Optional<Boolean> snapshotDone() {
    return Optional.empty();
  }

  @Override
  public long completedCheckpoints() throws FlinkRestException {
    return new JobMonitor(client).completedCheckpoints(job.jobId());
  }

  @Override
  public Optional<String> latestFailure() throws FlinkRestException {
    return new JobMonitor(client).latestException(job.jobId()).map(JobException::stackTrace);
  }

  /** The job's root exception as the cluster keeps it; the job has ended by the time this is asked. */
  @Override
  public Throwable failure() {
    try {
      return new IllegalStateException("Flink job " + job.jobId() + " on " + client.restUrl() + " failed: "
          + latestFailure().orElse("the cluster reports no exception"));
    } catch (FlinkRestException e) {
      return e;
    }
  }

  @Override
  public void cancel() throws FlinkRestException {
    endedAt = cancelJob(client, job.jobId()).orElse(null);
  }

  /** Stops the job with a savepoint into the cluster's {@code state.savepoints.dir}; the job ends FINISHED. */
  @Override
  public void stop() throws FlinkRestException {
    endedAt = stopJob(client, job.jobId());
  }

  /**
   * Stops job {@code jobId} of the cluster as {@link #stop()} stops a followed run, whoever started it:
   * with a savepoint into the cluster's {@code state.savepoints.dir}, waiting until the job has ended.
   * Returns the savepoint's path.
   */
  public static String stopJob(FlinkRestClient client, String jobId) throws FlinkRestException {
    return new FlinkJobs(client).stopWithSavepoint(jobId, null, SAVEPOINT_TIMEOUT);
  }

  /**
   * Cancels job {@code jobId} of the cluster as {@link #cancel()} cancels a followed run, unless it has
   * ended already, and waits until it is cancelled. Returns its latest retained checkpoint, if any: where
   * a new start resumes it from.
   */
  public static Optional<String> cancelJob(FlinkRestClient client, String jobId) throws FlinkRestException {
    FlinkJobs jobs = new FlinkJobs(client);
    if (!FlinkJobs.terminal(jobs.state(jobId))) {
      jobs.cancel(jobId);
      jobs.awaitState(jobId, Set.of(JobStatus.CANCELED.name()), CANCEL_TIMEOUT);
    }
    return jobs.retainedCheckpointPath(jobId);
  }

  @Override
  public Optional<String> resumePoint() throws FlinkRestException {
    String stoppedAt = endedAt;
    return stoppedAt != null ? Optional.of(stoppedAt) : new FlinkJobs(client).latestCheckpointPath(job.jobId());
  }

  @Override
  public boolean outlivesProcess() {
    return true;
  }

  @Override
  public boolean closed() {
    return closed.get();
  }

  /** Lets go of the job, which keeps running on its cluster. */
  @Override
  public void close() {
    closed.set(true);
  }
}
