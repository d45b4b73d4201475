package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.app.engine.EngineFailures;
import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.task.PeriodicTask;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.app.wizard.PipelineNames;
import dev.cdcwizard.app.wizard.ReviewedPipeline;
import dev.cdcwizard.app.wizard.StartedServices;
import dev.cdcwizard.app.wizard.StepViewModel;
import dev.cdcwizard.app.wizard.TableChoice;
import dev.cdcwizard.engine.launch.ClusterJob;
import dev.cdcwizard.engine.launch.LaunchRequest;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Message;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The launch step: starts the reviewed pipeline through its {@link PipelineLauncher}, on the chosen
 * {@link LaunchTarget} (embedded, the local session cluster or a remote one; on a cluster from a
 * savepoint or checkpoint when one is given), then polls it every second for its status and the
 * snapshot rows per table, while the step shows and until the pipeline has stopped or failed. Lists
 * the chosen cluster's jobs, and stops or cancels one of them. Valid once the pipeline runs.
 */
public final class LaunchViewModel extends StepViewModel {
  private static final Logger LOG = LoggerFactory.getLogger(LaunchViewModel.class);
  private static final Duration POLL_INTERVAL = Duration.ofSeconds(1);
  private static final Duration JOBS_INTERVAL = Duration.ofSeconds(3);

  private final ReviewedPipeline reviewed;
  private final TableChoice choice;
  private final PipelineNames names;
  private final StartedServices started;
  private final ErrorReporter errors;
  private final PipelineLauncher launcher;
  private final ObjectProperty<PipelineStatus> status =
      new SimpleObjectProperty<>(this, "status", PipelineStatus.NOT_STARTED);
  private final ObservableList<TableProgress> progress = FXCollections.observableArrayList();
  private final StringProperty webUi = new SimpleStringProperty(this, "webUi", "");
  private final ObservableList<Message> startNotes = FXCollections.observableArrayList();
  /** Where a start that takes long has come (the local cluster's); null when none is under way. */
  private final ObjectProperty<Message> startPhase = new SimpleObjectProperty<>(this, "startPhase");
  /** The snapshot's pace and the time left, while it copies; null otherwise. */
  private final ObjectProperty<Message> copyPace = new SimpleObjectProperty<>(this, "copyPace");
  private CopyRate copyRate = new CopyRate();
  private final BooleanProperty startOver = new SimpleBooleanProperty(this, "startOver");
  private final ObjectProperty<LaunchTarget> target = new SimpleObjectProperty<>(this, "target", LaunchTarget.EMBEDDED);
  private final StringProperty restAddress = new SimpleStringProperty(this, "restAddress", "");
  private final ObjectBinding<Message> restAddressError;
  private final BooleanBinding canStart;
  private final BooleanBinding pipelineRunning;
  private final ClusterJobList jobs;
  private final ClusterJobControl jobControl;
  private final BooleanBinding canStopLocalCluster;
  private final ColumnWideningOffer widening;
  private final RewriteAcceptanceOffer rewrite = new RewriteAcceptanceOffer();
  private final TableSetOffer tableSet;
  /** The pipeline the run shown was started with; null when none is shown. */
  private PipelineDefinition shownRun;
  private PeriodicTask polling;
  private boolean pollFailureReported;

  public LaunchViewModel(ReviewedPipeline reviewed, TableChoice choice, PipelineNames names, StartedServices started,
      ErrorReporter errors, Executor executor, PipelineLauncher launcher) {
    super(executor);
    this.reviewed = reviewed;
    this.choice = choice;
    this.names = names;
    this.started = started;
    this.errors = errors;
    this.launcher = launcher;
    valid.bind(Bindings.createBooleanBinding(
        () -> status.get() == PipelineStatus.SNAPSHOT || status.get() == PipelineStatus.STREAMING, status));
    restAddressError = Bindings.createObjectBinding(() -> target.get() == LaunchTarget.REMOTE_CLUSTER
        && restUrl().isEmpty() ? Message.of("wizard.launch.restAddressInvalid") : null, target, restAddress);
    pipelineRunning = Bindings.createBooleanBinding(() -> status.get() == PipelineStatus.SNAPSHOT
        || status.get() == PipelineStatus.STREAMING || status.get() == PipelineStatus.RESTARTING, status);
    // a stopped or failed run may be started again; the new run replaces (and closes) the old one
    canStart = Bindings.createBooleanBinding(() -> (status.get() == PipelineStatus.NOT_STARTED
        || status.get() == PipelineStatus.STOPPED || status.get() == PipelineStatus.FAILED)
        && restAddressError.get() == null, status, restAddressError);
    jobs = new ClusterJobList(launcher, tasks());
    jobControl = new ClusterJobControl(launcher, errors, tasks(), reviewed.resumeFromProperty()::set,
        this::refreshJobs);
    canStopLocalCluster = target.isEqualTo(LaunchTarget.LOCAL_CLUSTER).and(jobs.answeredProperty()).and(canStart)
        .and(endingJobProperty().not());
    widening = new ColumnWideningOffer(errors, tasks());
    target.addListener((observable, before, after) -> refreshJobs());
    tableSet = new TableSetOffer(reviewed, choice, started, status, errors, tasks());
    reviewed.pipelineProperty().addListener((observable, before, after) -> {
      if (after != null && shownRun != null && !pipelineRunning.get()
          && !ReviewedPipeline.sameJob(shownRun, after.definition())) {
        forgetShownRun();
      }
    });
  }

  /** The REST address as typed, if it is an http(s) address with a host. */
  private Optional<URI> restUrl() {
    try {
      URI uri = new URI(restAddress.get().strip());
      return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null
          ? Optional.of(uri) : Optional.empty();
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  @Override
  public void opened() {
    // at once: the monitor step may have stopped the pipeline meanwhile, and Start depends on knowing it
    if (shownRun != null) {
      started.pipelineRun().ifPresent(this::startPolling);
    }
    // a job started, stopped or failed elsewhere (the Web UI, the CLI) shows without a click on Refresh
    Tasks.every(JOBS_INTERVAL, tasks(), () -> {
      refreshJobs();
      return Optional.<Tasks.Builder<?>>empty();
    });
  }

  /** Lists the chosen cluster's jobs again; a remote cluster only once its address is usable. */
  public void refreshJobs() {
    if (target.get() == LaunchTarget.LOCAL_CLUSTER && status.get() == PipelineStatus.STARTING) {
      jobs.localClusterStarting();
      return;
    }
    if (target.get() == LaunchTarget.EMBEDDED || target.get() == LaunchTarget.REMOTE_CLUSTER && restUrl().isEmpty()) {
      jobs.clear();
      return;
    }
    jobs.refresh(target.get(), target.get() == LaunchTarget.REMOTE_CLUSTER ? restUrl().get() : null);
  }

  public void start() {
    PipelineImport chosen = reviewed.pipelineProperty().get();
    if (chosen == null || !canStart.get()) {
      return;
    }
    PipelineImport pipeline = rewrite.applyTo(chosen);
    LaunchTarget where = target.get();
    URI restUrl = where == LaunchTarget.REMOTE_CLUSTER ? restUrl().orElseThrow() : null;
    boolean fresh = startOver.get();
    widening.clear();
    rewrite.clear();
    String resumeFrom = where == LaunchTarget.EMBEDDED || resumeFromProperty().get().isBlank()
        ? null : resumeFromProperty().get().strip();
    Consumer<UserMessage> phases = Tasks.reportedOnFxThread(phase -> startPhase.set(UserMessages.of(phase)));
    run(() -> launcher.start(new LaunchRequest(pipeline, where, restUrl, fresh, resumeFrom), phases), () -> {
      if (resumeFrom != null) {
        // the new job carries on from there; its own stop names where to resume it next
        resumeFromProperty().set("");
      }
    }, Message.of("wizard.launch.startFailed"), Message.of("wizard.launch.startFailedFix"));
  }

  /**
   * Applies the table set chosen since the job started: stops it at its latest checkpoint (embedded) or with a
   * savepoint (on a cluster) and starts it again at once from there, so that only the added tables are copied
   * while the others keep their rows.
   */
  public void applyTableSet() {
    stopPolling();
    tableSet.apply(resumePoint -> {
      status.set(PipelineStatus.STOPPED);
      startOver.set(false);
      resumePoint.ifPresent(resumeFromProperty()::set);
      start();
    }, this::startPolling);
  }

  public TableSetOffer tableSet() {
    return tableSet;
  }

  /**
   * Follows a job of the cluster's list as this pipeline's run, as if Start had started it: one the
   * wizard left running when it closed, say. The monitor then stops, cancels and previews it.
   */
  public void follow(ClusterJob job) {
    PipelineImport pipeline = reviewed.pipelineProperty().get();
    LaunchTarget where = target.get();
    if (pipeline == null || job == null || !canStart.get() || where == LaunchTarget.EMBEDDED) {
      return;
    }
    URI restUrl = where == LaunchTarget.REMOTE_CLUSTER ? restUrl().orElseThrow() : null;
    run(() -> launcher.follow(pipeline, where, restUrl, job.id()), () -> { },
        Message.of("wizard.launch.followFailed"), Message.of("wizard.launch.followFailedFix"));
  }

  /** Stops a running job of the cluster's list with a savepoint, which the next start then resumes from. */
  public void stopJob(ClusterJob job) {
    if (canReachTheClusterOf(job)) {
      jobControl.stop(job, target.get(), clusterRestUrl());
    }
  }

  /** Cancels a running job of the cluster's list; the next start resumes from its latest retained checkpoint. */
  public void cancelJob(ClusterJob job) {
    if (canReachTheClusterOf(job)) {
      jobControl.cancel(job, target.get(), clusterRestUrl());
    }
  }

  /**
   * Stops the local cluster's processes and every job on it, when it runs and the wizard follows no run
   * of its own there (that one is stopped from the monitor).
   */
  public void stopLocalCluster() {
    if (canStopLocalCluster.get()) {
      jobControl.stopLocalCluster();
    }
  }

  /** The local cluster is chosen and runs, and no run of the wizard's or end of a job is under way. */
  public BooleanBinding canStopLocalClusterBinding() {
    return canStopLocalCluster;
  }

  private boolean canReachTheClusterOf(ClusterJob job) {
    return job != null && target.get() != LaunchTarget.EMBEDDED
        && !(target.get() == LaunchTarget.REMOTE_CLUSTER && restUrl().isEmpty());
  }

  /** The remote cluster's REST address; null for the local one, which is found in the user's data folder. */
  private URI clusterRestUrl() {
    return target.get() == LaunchTarget.REMOTE_CLUSTER ? restUrl().orElseThrow() : null;
  }

  private void run(Callable<PipelineRun> starting, Runnable whenRunning, Message failed, Message fix) {
    List<TableName> tables = List.copyOf(choice.selectedTables());
    forgetShownRun();
    shownRun = reviewed.pipelineProperty().get().definition();
    status.set(PipelineStatus.STARTING);
    refreshJobs();
    Tasks.create(() -> {
          PipelineRun run = starting.call();
          // kept at once, so that closing the window stops it even if this task is cancelled now
          started.usePipelineRun(run);
          return new Started(run, run.webUi().toString());
        })
        .onSuccess(started -> {
          names.keepStartedPipelinesNames();
          tableSet.started(tables);
          startPhase.set(null);
          webUi.set(started.webUi());
          startNotes.setAll(started.run().startNotes().stream().map(UserMessages::of).toList());
          status.set(PipelineStatus.SNAPSHOT);
          whenRunning.run();
          startPolling(started.run());
          refreshJobs();
        })
        .onError(Exception.class, error -> {
          startPhase.set(null);
          status.set(PipelineStatus.FAILED);
          EngineFailures.Problem problem = EngineFailures.orElse(error, failed, fix);
          errors.report(problem.problem(), problem.fix(), error);
          refreshJobs();
        })
        .runOnce(tasks());
  }

  /**
   * Shows no run: the one before is another pipeline's (its tables, notes and Web UI are not this one's),
   * or a new one starts.
   */
  private void forgetShownRun() {
    stopPolling();
    shownRun = null;
    startNotes.clear();
    progress.clear();
    webUi.set("");
    copyRate = new CopyRate();
    copyPace.set(null);
    status.set(PipelineStatus.NOT_STARTED);
  }

  private void startPolling(PipelineRun run) {
    stopPolling();
    pollFailureReported = false;
    List<TableName> chosen = List.copyOf(choice.selectedTables());
    List<String> tables = chosen.stream().map(TableName::toString).toList();
    Map<String, Long> estimates = chosen.stream().collect(Collectors.toMap(TableName::toString, this::estimate));
    polling = Tasks.create(() -> PipelineSnapshot.of(run, tables, estimates))
        .onSuccess(this::show)
        .onError(Exception.class, this::pollFailed)
        .runEvery(POLL_INTERVAL, tasks());
  }

  private void stopPolling() {
    if (polling != null) {
      polling.stop();
      polling = null;
    }
  }

  /** Reported once per run: a status that cannot be read now may be read at the next poll. */
  private void pollFailed(Exception error) {
    if (pollFailureReported) {
      LOG.debug("The pipeline's status could not be read again", error);
      return;
    }
    pollFailureReported = true;
    errors.report(Message.of("wizard.launch.pollFailed"), Message.of("wizard.launch.pollFailedFix"), error);
  }

  private long estimate(TableName table) {
    return choice.tableInfo(table).map(TableInfo::estimatedRows).orElse(-1L);
  }

  private void show(PipelineSnapshot snapshot) {
    boolean ended = snapshot.status() == PipelineStatus.STOPPED || snapshot.status() == PipelineStatus.FAILED;
    PipelineImport current = reviewed.pipelineProperty().get();
    if (ended && shownRun != null && current != null && !ReviewedPipeline.sameJob(shownRun, current.definition())) {
      // the run ended while the steps moved on to another pipeline: nothing of it is this one's
      forgetShownRun();
      return;
    }
    if (!snapshot.tables().isEmpty()) {
      progress.setAll(snapshot.tables());
    }
    if (snapshot.status() == PipelineStatus.STOPPED || snapshot.status() == PipelineStatus.FAILED) {
      // an ended job reports no rows: the last ones seen stay, standing still
      progress.setAll(progress.stream().map(TableProgress::whenEnded).toList());
    }
    if (snapshot.status() == PipelineStatus.FAILED && status.get() != PipelineStatus.FAILED) {
      EngineFailures.Problem problem = EngineFailures.orElse(snapshot.failure(), Message.of("wizard.launch.failed"),
          Message.of("wizard.launch.failedFix"));
      errors.report(problem.problem(), problem.fix(), snapshot.failure());
      widening.offerFor(snapshot.failure());
      rewrite.offerFor(snapshot.failure());
    }
    status.set(snapshot.status());
    copyPace.set(snapshot.status() == PipelineStatus.SNAPSHOT ? copyRate.observe(progress, System.nanoTime()) : null);
    if (snapshot.status() == PipelineStatus.STOPPED || snapshot.status() == PipelineStatus.FAILED) {
      stopPolling();
      if (resumeFromProperty().get().isBlank()) {
        snapshot.resumePoint().ifPresent(resumeFromProperty()::set);
      }
      refreshJobs();
    }
  }

  private record Started(PipelineRun run, String webUi) {}

  /** Widens the column the pipeline's stop names, for the next Start to resume into it. */
  public void widenColumn() {
    PipelineImport pipeline = reviewed.pipelineProperty().get();
    if (pipeline != null) {
      widening.widen(pipeline.definition());
    }
  }

  public ColumnWideningOffer widening() {
    return widening;
  }

  /** Goes on past the table rewrite the pipeline's stop names, at the next Start. */
  public void acceptRewrite() {
    rewrite.accept();
  }

  public RewriteAcceptanceOffer rewrite() {
    return rewrite;
  }

  /** Whether the pipeline started here copies, streams or restarts. */
  public BooleanBinding pipelineRunningBinding() {
    return pipelineRunning;
  }

  public ObjectProperty<PipelineStatus> statusProperty() {
    return status;
  }

  public ObservableList<TableProgress> progress() {
    return progress;
  }

  /** Where the pipeline runs; the embedded Flink unless the user picks a cluster. */
  public ObjectProperty<LaunchTarget> targetProperty() {
    return target;
  }

  /** The REST address of the remote cluster, as typed. */
  public StringProperty restAddressProperty() {
    return restAddress;
  }

  /** Why the REST address cannot be used; null when it can or no remote cluster is chosen. */
  public ObjectBinding<Message> restAddressErrorBinding() {
    return restAddressError;
  }

  /** Whether Start may be pressed: nothing starts or runs, and a remote cluster has a usable address. */
  public BooleanBinding canStartBinding() {
    return canStart;
  }

  /** Start over (embedded only): forget the retained checkpoints and empty the target tables, instead of resuming. */
  public BooleanProperty startOverProperty() {
    return startOver;
  }

  /** On a cluster, the savepoint or checkpoint the next start resumes from; empty for a new snapshot. */
  public StringProperty resumeFromProperty() {
    return reviewed.resumeFromProperty();
  }

  /** How the run started: which snapshot copies the tables, and why. */
  public ReadOnlyObjectProperty<Message> copyPaceProperty() {
    return copyPace;
  }

  public ReadOnlyObjectProperty<Message> startPhaseProperty() {
    return startPhase;
  }

  public ObservableList<Message> startNotes() {
    return startNotes;
  }

  /** The jobs of the chosen cluster. */
  public ClusterJobList jobs() {
    return jobs;
  }

  /** While a job of the cluster's list is being stopped or cancelled. */
  public BooleanProperty endingJobProperty() {
    return jobControl.busyProperty();
  }

  /** What the last stop or cancel of a listed job did, and where a new start resumes; null before one. */
  public ObjectProperty<Message> endedJobProperty() {
    return jobControl.outcomeProperty();
  }

  /** The Flink Web UI of the cluster the pipeline runs on; empty until it runs. */
  public StringProperty webUiProperty() {
    return webUi;
  }

  /** Whether the step is polling the pipeline's status. */
  public boolean isPolling() {
    return polling != null && !polling.isStopped();
  }
}
