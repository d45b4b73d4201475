package dev.cdcwizard.app.step.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.app.task.DaemonThreadFactory;
import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.flinkrest.FlinkRestMessage;
import dev.cdcwizard.engine.maintenance.ColumnWidening;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.yaml.ImportReport;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.beans.binding.BooleanBinding;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the launch step does before and around a run. The run itself needs Flink: the tutorial ITs
 * start one. Here the executor only collects the tasks, so that no test can start a pipeline.
 */
class LaunchViewModelTest {
  private final WizardState state = new WizardState();
  private final List<Runnable> submitted = new CopyOnWriteArrayList<>();
  private final List<Message> reported = new CopyOnWriteArrayList<>();
  private final List<FakePipelineRun> started = new CopyOnWriteArrayList<>();
  private final List<String> startedWhere = new CopyOnWriteArrayList<>();
  private final FakeLauncher launcher = new FakeLauncher(request -> {
    FakePipelineRun run = request.target() == LaunchTarget.EMBEDDED ? new FakePipelineRun() : FakePipelineRun.onCluster();
    started.add(run);
    startedWhere.add(request.target() + " " + request.restUrl() + " fresh=" + request.fresh()
        + " from=" + request.resumeFrom());
    return run;
  });
  private final LaunchViewModel viewModel =
      new LaunchViewModel(state, state, state, state,
          (problem, fix, cause) -> reported.add(problem), submitted::add, launcher);

  private final ExecutorService pool = Executors.newCachedThreadPool(new DaemonThreadFactory("launch-test"));

  private final List<LaunchViewModel> polling = new CopyOnWriteArrayList<>();

  @AfterEach
  void stopPool() {
    polling.forEach(running -> onFxThread(running::closed));
    pool.shutdownNow();
  }

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // the step polls a running pipeline between JavaFX pauses, and tasks call back on the FX thread
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void nextWaitsForARunningPipeline() {
    for (PipelineStatus status : PipelineStatus.values()) {
      viewModel.statusProperty().set(status);

      assertThat(viewModel.isValid()).as(status.name())
          .isEqualTo(status == PipelineStatus.SNAPSHOT || status == PipelineStatus.STREAMING);
    }
  }

  @Test
  void withoutAReviewedPipelineNothingStarts() {
    viewModel.opened();
    viewModel.start();

    assertThat(viewModel.statusProperty().get()).isEqualTo(PipelineStatus.NOT_STARTED);
    assertThat(viewModel.isValid()).isFalse();
    assertThat(viewModel.webUiProperty().get()).isEmpty();
    assertThat(viewModel.progress()).isEmpty();
    assertThat(submitted).isEmpty();
    assertThat(reported).isEmpty();
  }

  @Test
  void startShowsStartingAtOnce() {
    state.pipelineProperty().set(tutorialPipeline());

    viewModel.start();

    assertThat(viewModel.statusProperty().get()).isEqualTo(PipelineStatus.STARTING);
    assertThat(viewModel.isValid()).isFalse();
    assertThat(submitted).hasSize(1);
  }

  @Test
  void whileStartStartsTheLocalClusterItSaysSoAndShowsNoWebUiOfTheRunBefore() {
    state.pipelineProperty().set(tutorialPipeline());
    viewModel.targetProperty().set(LaunchTarget.LOCAL_CLUSTER);
    viewModel.webUiProperty().set("http://127.0.0.1:40111");
    viewModel.statusProperty().set(PipelineStatus.STOPPED);
    int asked = submitted.size();

    viewModel.start();
    viewModel.refreshJobs();

    assertThat(viewModel.jobs().noteProperty().get()).isEqualTo(Message.of("wizard.launch.jobs.localStarting"));
    assertThat(viewModel.webUiProperty().get()).isEmpty();
    assertThat(submitted).as("the start only, no question to a cluster that is not up yet").hasSize(asked + 1);
  }

  @Test
  void aPipelineThatStartsOrRunsIsNotStartedAgain() {
    state.pipelineProperty().set(tutorialPipeline());

    for (PipelineStatus status : List.of(PipelineStatus.STARTING, PipelineStatus.SNAPSHOT, PipelineStatus.STREAMING)) {
      viewModel.statusProperty().set(status);
      viewModel.start();

      assertThat(viewModel.statusProperty().get()).as(status.name()).isEqualTo(status);
    }
    assertThat(submitted).isEmpty();
  }

  @Test
  void aStoppedOrFailedPipelineMayBeStartedAgain() {
    state.pipelineProperty().set(tutorialPipeline());

    for (PipelineStatus status : List.of(PipelineStatus.STOPPED, PipelineStatus.FAILED)) {
      viewModel.statusProperty().set(status);
      viewModel.start();

      assertThat(viewModel.statusProperty().get()).as("after " + status).isEqualTo(PipelineStatus.STARTING);
    }
    assertThat(submitted).hasSize(2);
  }

  @Test
  void theStartSaysWhichSnapshotCopiesTheTables() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    assertThat(running.startNotes())
        .containsExactly(UserMessages.of(EngineMessage.RUN_SNAPSHOT_OWN, 1, 2, "cdc_orders"));
  }

  /** Issue 22: its checkpoints are kept under the slot's name, which a table added later must not change. */
  @Test
  void aStartedPipelineKeepsItsSlotAndPublicationWhenATableIsAdded() throws Exception {
    onFxThread(() -> state.selectedTables().setAll(new TableName("public", "orders")));
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    onFxThread(() -> state.selectedTables().add(new TableName("public", "customers")));

    assertThat(state.slotNameProperty().get()).isEqualTo("cdc_orders");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_orders");
  }

  /**
   * Issue 22: a table added to a job on a cluster no longer means start over: Apply stops the job with a savepoint
   * and resumes it from there at once (the engine copies the added table before the job resumes).
   */
  @Test
  void applyingATableAddedToAJobOnAClusterResumesItFromItsSavepoint() throws Exception {
    onFxThread(() -> state.selectedTables().setAll(new TableName("public", "orders")));
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    running.targetProperty().set(LaunchTarget.LOCAL_CLUSTER);
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    onFxThread(() -> state.selectedTables().add(new TableName("public", "customers")));
    assertThat(running.tableSet().changeBinding().get().said())
        .isEqualTo(Message.of("wizard.launch.tablesAddedOnCluster", "public.customers"));
    onFxThread(running::applyTableSet);

    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> started.size() == 2);
    assertThat(startedWhere).containsExactly("LOCAL_CLUSTER null fresh=false from=null",
        "LOCAL_CLUSTER null fresh=false from=" + FakePipelineRun.SAVEPOINT);
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(reported).isEmpty();
  }

  @Test
  void aPipelineTheMonitorStoppedShowsAsStoppedWithoutAnErrorAndStartsAgain() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    onFxThread(running::closed);
    started.get(0).cancel();
    onFxThread(running::opened);

    awaitStatus(running, PipelineStatus.STOPPED);
    int readsWhenStopped = started.get(0).statusReads();
    Thread.sleep(2500);
    assertThat(reported).as("no error after a normal stop").isEmpty();
    assertThat(running.isPolling()).as("a stopped pipeline is not polled").isFalse();
    assertThat(started.get(0).statusReads()).isEqualTo(readsWhenStopped);

    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(started).hasSize(2);
    assertThat(started.get(0).closed()).as("the new run replaced the stopped one").isTrue();
    assertThat(reported).isEmpty();
  }

  @Test
  void aStopOnAColumnIcebergCouldWidenOffersToWidenItUntilTheNextStart() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(running.widening().offeredProperty().get()).isNull();

    started.get(0).fail(new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TYPE_WIDENED,
        "public.orders", "ods.orders", "amount", "decimal(10, 2)", "decimal(14, 2)")));
    awaitStatus(running, PipelineStatus.FAILED);

    assertThat(reported).containsExactly(UserMessages.of(EngineMessage.STOP_TYPE_WIDENED, "public.orders", "ods.orders",
        "amount", "decimal(10, 2)", "decimal(14, 2)"));
    assertThat(running.widening().offeredProperty().get())
        .isEqualTo(new ColumnWidening.Request(TableIdentifier.of("ods", "orders"), "amount"));
    assertThat(running.widening().saidProperty().get())
        .isEqualTo(Message.of("wizard.launch.widenOffer", "ods.orders", "amount"));

    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(running.widening().offeredProperty().get()).isNull();
    assertThat(running.widening().saidProperty().get()).isNull();
  }

  @Test
  void aStopOnATableRewriteOffersToGoOnPastItAndTheNextStartCarriesIt() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(running.rewrite().offeredProperty().get()).isNull();

    started.get(0).fail(new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TABLE_REWRITTEN,
        "public.orders", "quantity smallint -> integer", "public.orders@16390")));
    awaitStatus(running, PipelineStatus.FAILED);
    assertThat(running.rewrite().offeredProperty().get()).isEqualTo("public.orders@16390");
    assertThat(running.rewrite().saidProperty().get())
        .isEqualTo(Message.of("wizard.launch.rewriteOffer", "public.orders"));
    assertThat(running.widening().offeredProperty().get()).isNull();

    onFxThread(running::acceptRewrite);
    assertThat(running.rewrite().offeredProperty().get()).isNull();
    assertThat(running.rewrite().saidProperty().get())
        .isEqualTo(Message.of("wizard.launch.rewriteAccepted", "public.orders"));
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(launcher.requests).hasSize(2);
    assertThat(launcher.requests.get(0).pipeline().definition().source().acceptedRewrites()).isEmpty();
    assertThat(launcher.requests.get(1).pipeline().definition().source().acceptedRewrites())
        .containsExactly("public.orders@16390");
    assertThat(running.rewrite().saidProperty().get()).isNull();
  }

  @Test
  void aNewStartShowsNoTableOfTheRunBefore() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    state.selectedTables().setAll(new TableName("public", "orders"));
    LaunchViewModel running = runningViewModel();
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(running.progress()).extracting(TableProgress::table).containsExactly("public.orders");
    started.get(0).cancel();
    awaitStatus(running, PipelineStatus.STOPPED);

    state.selectedTables().setAll(new TableName("public", "customers"));
    List<TableProgress> shownAtStart = new CopyOnWriteArrayList<>();
    onFxThread(() -> {
      running.start();
      shownAtStart.addAll(running.progress());
    });

    assertThat(shownAtStart).as("as soon as Start is pressed").isEmpty();
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(running.progress()).extracting(TableProgress::table).containsExactly("public.customers");
  }

  @Test
  void pollingStopsWhenTheStepCloses() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);
    assertThat(running.isPolling()).isTrue();

    onFxThread(running::closed);
    int readsWhenClosed = started.get(0).statusReads();
    Thread.sleep(2500);

    assertThat(running.isPolling()).isFalse();
    assertThat(started.get(0).statusReads()).isLessThanOrEqualTo(readsWhenClosed + 1);
  }

  @Test
  void aStatusThatCannotBeReadIsReportedOnceNotEverySecond() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    PipelineLauncher unreadable = new FakeLauncher(request -> FakePipelineRun.unreachable());
    LaunchViewModel running = runningViewModel(unreadable);
    onFxThread(running::start);
    Thread.sleep(3500);

    assertThat(reported).extracting(Message::key).containsExactly("wizard.launch.pollFailed");
  }

  @Test
  void theChosenClusterAndItsRestAddressReachTheLauncher() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    running.targetProperty().set(LaunchTarget.REMOTE_CLUSTER);
    running.restAddressProperty().set(" http://flink-host:8081 ");
    running.startOverProperty().set(true);

    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    assertThat(startedWhere).as("start over empties a cluster job's targets too")
        .containsExactly("REMOTE_CLUSTER http://flink-host:8081 fresh=true from=null");
    assertThat(running.webUiProperty().get()).isEqualTo("http://localhost:8081");
  }

  @Test
  void aClusterRunResumesFromTheGivenSavepointWhichIsUsedUpOnceItRuns() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    running.targetProperty().set(LaunchTarget.LOCAL_CLUSTER);
    running.resumeFromProperty().set(" " + FakePipelineRun.SAVEPOINT + " ");

    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    assertThat(startedWhere).containsExactly("LOCAL_CLUSTER null fresh=false from=" + FakePipelineRun.SAVEPOINT);
    assertThat(state.resumeFromProperty().get()).as("the new job stops with a savepoint of its own").isEmpty();
  }

  @Test
  void aLocalClusterThatStartsShowsItsPhasesUntilThePipelineRuns() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    launcher.phasesToReport = List.of(UserMessage.of(EngineMessage.LOCAL_CLUSTER_STARTING_JOB_MANAGER),
        UserMessage.of(EngineMessage.LOCAL_CLUSTER_AWAITING_TASK_MANAGER));
    LaunchViewModel running = runningViewModel();
    running.targetProperty().set(LaunchTarget.LOCAL_CLUSTER);
    List<Message> shown = new CopyOnWriteArrayList<>();
    running.startPhaseProperty().addListener((observable, before, phase) -> shown.add(phase));

    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    assertThat(shown).containsExactly(Message.of("run.localCluster.phase.startingJobManager"),
        Message.of("run.localCluster.phase.awaitingTaskManager"), null);
  }

  @Test
  void theEmbeddedEngineFindsItsCheckpointItselfAndIgnoresAResumePoint() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    state.resumeFromProperty().set(FakePipelineRun.SAVEPOINT);
    LaunchViewModel running = runningViewModel();

    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    assertThat(startedWhere).containsExactly("EMBEDDED null fresh=false from=null");
    assertThat(state.resumeFromProperty().get()).isEqualTo(FakePipelineRun.SAVEPOINT);
  }

  @Test
  void aClusterJobThatEndedLeavesItsLatestCheckpointToResumeFrom() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    running.targetProperty().set(LaunchTarget.LOCAL_CLUSTER);
    onFxThread(running::start);
    awaitStatus(running, PipelineStatus.STREAMING);

    started.get(0).cancel();

    awaitStatus(running, PipelineStatus.STOPPED);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(state.resumeFromProperty().get()).isEqualTo(FakePipelineRun.CHECKPOINT);
    assertThat(reported).isEmpty();
  }

  /** Issue 22: the jobs list filled only after a click on Refresh. */
  @Test
  void theJobsAreAskedForAgainByThemselvesWhileTheStepIsOpen() throws Exception {
    LaunchViewModel shown = runningViewModel();
    onFxThread(() -> shown.targetProperty().set(LaunchTarget.LOCAL_CLUSTER));
    onFxThread(shown::opened);
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !shown.jobs().jobs().isEmpty());
    Thread.sleep(300);
    int asked = launcher.listed.size();
    WaitForAsyncUtils.waitFor(8, TimeUnit.SECONDS, () -> launcher.listed.size() > asked);

    onFxThread(shown::closed);
    int whenClosed = launcher.listed.size();
    Thread.sleep(3500);
    assertThat(launcher.listed).hasSizeLessThanOrEqualTo(whenClosed + 1);
  }

  @Test
  void theChosenClustersJobsAreListedAndTheEmbeddedFlinkHasNone() throws Exception {
    LaunchViewModel shown = runningViewModel();
    onFxThread(shown::opened);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(shown.jobs().jobs()).isEmpty();

    onFxThread(() -> shown.targetProperty().set(LaunchTarget.LOCAL_CLUSTER));
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !shown.jobs().jobs().isEmpty());
    assertThat(shown.jobs().jobs()).containsExactly(FakeLauncher.LISTED);

    onFxThread(() -> {
      shown.targetProperty().set(LaunchTarget.REMOTE_CLUSTER);
      shown.restAddressProperty().set("http://flink-host:8081");
      shown.refreshJobs();
    });
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> launcher.listed.contains("REMOTE_CLUSTER http://flink-host:8081"));
    assertThat(launcher.listed).as("a remote cluster is asked once its address is usable")
        .containsExactly("LOCAL_CLUSTER null", "REMOTE_CLUSTER http://flink-host:8081");
  }

  @Test
  void aListedJobIsFollowedAsThePipelinesRunWithoutStartingAnything() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    LaunchViewModel running = runningViewModel();
    running.targetProperty().set(LaunchTarget.LOCAL_CLUSTER);

    onFxThread(() -> running.follow(FakeLauncher.LISTED));
    awaitStatus(running, PipelineStatus.STREAMING);

    assertThat(launcher.followed).containsExactly("LOCAL_CLUSTER null " + FakeLauncher.LISTED.id());
    assertThat(launcher.requests).as("nothing submitted").isEmpty();
    assertThat(state.pipelineRun()).isPresent();
    assertThat(state.pipelineRun().get().outlivesProcess()).isTrue();
    assertThat(reported).isEmpty();
  }

  @Test
  void aListedJobStoppedWithASavepointIsWhereTheNextStartResumesAndTheListIsAskedAgain() throws Exception {
    LaunchViewModel shown = runningViewModel();
    onFxThread(() -> shown.targetProperty().set(LaunchTarget.LOCAL_CLUSTER));
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> launcher.listed.size() == 1);

    onFxThread(() -> shown.stopJob(FakeLauncher.LISTED));
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> shown.endedJobProperty().get() != null);

    assertThat(launcher.ended).containsExactly("stop LOCAL_CLUSTER null " + FakeLauncher.LISTED.id());
    assertThat(state.resumeFromProperty().get()).isEqualTo(FakePipelineRun.SAVEPOINT);
    assertThat(shown.endedJobProperty().get())
        .isEqualTo(Message.of("wizard.launch.jobs.stopped", FakeLauncher.LISTED.name(), FakePipelineRun.SAVEPOINT));
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> launcher.listed.size() == 2);
    assertThat(shown.endingJobProperty().get()).isFalse();
    assertThat(state.pipelineRun()).as("the wizard follows no job it stopped").isEmpty();
    assertThat(reported).isEmpty();
  }

  /** Issue 22: the local cluster could be stopped only from a terminal. */
  @Test
  void theLocalClusterIsStoppedFromTheStepAndTheListIsAskedAgain() throws Exception {
    LaunchViewModel shown = runningViewModel();
    // the view binds its button to this once; the step must decide with the same binding
    BooleanBinding canStop = shown.canStopLocalClusterBinding();
    assertThat(shown.canStopLocalClusterBinding()).isSameAs(canStop);
    assertThat(canStop.get()).as("embedded").isFalse();
    onFxThread(() -> shown.targetProperty().set(LaunchTarget.LOCAL_CLUSTER));
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, canStop::get);

    onFxThread(shown::stopLocalCluster);
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> shown.endedJobProperty().get() != null);

    assertThat(launcher.ended).containsExactly("stop the local cluster");
    assertThat(shown.endedJobProperty().get()).isEqualTo(Message.of("wizard.launch.cluster.stopped"));
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> launcher.listed.size() == 2);
    assertThat(reported).isEmpty();
  }

  @Test
  void theLocalClusterIsNotStoppedUnderTheWizardsOwnRun() throws Exception {
    LaunchViewModel shown = runningViewModel();
    onFxThread(() -> shown.targetProperty().set(LaunchTarget.LOCAL_CLUSTER));
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> shown.canStopLocalClusterBinding().get());
    onFxThread(() -> shown.statusProperty().set(PipelineStatus.STREAMING));

    onFxThread(shown::stopLocalCluster);

    assertThat(shown.canStopLocalClusterBinding().get()).isFalse();
    assertThat(launcher.ended).isEmpty();
  }

  @Test
  void aListedJobCancelledOnARemoteClusterLeavesItsLatestCheckpointToResumeFrom() throws Exception {
    LaunchViewModel shown = runningViewModel();
    onFxThread(() -> {
      shown.targetProperty().set(LaunchTarget.REMOTE_CLUSTER);
      shown.restAddressProperty().set("http://flink-host:8081");
      shown.cancelJob(FakeLauncher.LISTED);
    });
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> shown.endedJobProperty().get() != null);

    assertThat(launcher.ended).containsExactly("cancel REMOTE_CLUSTER http://flink-host:8081 " + FakeLauncher.LISTED.id());
    assertThat(state.resumeFromProperty().get()).isEqualTo(FakePipelineRun.CHECKPOINT);
    assertThat(shown.endedJobProperty().get().key()).isEqualTo("wizard.launch.jobs.cancelled");
    assertThat(reported).isEmpty();
  }

  @Test
  void aListedJobThatCannotBeStoppedIsReportedNamingItAndKeepsTheResumePoint() throws Exception {
    state.resumeFromProperty().set(FakePipelineRun.CHECKPOINT);
    launcher.clusterRefusesToEndJobs = true;
    LaunchViewModel shown = runningViewModel();
    onFxThread(() -> {
      shown.targetProperty().set(LaunchTarget.LOCAL_CLUSTER);
      shown.stopJob(FakeLauncher.LISTED);
    });
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !reported.isEmpty());
    WaitForAsyncUtils.waitForFxEvents();

    assertThat(reported).containsExactly(Message.of(FlinkRestMessage.SAVEPOINT_FAILED.key(), FakeLauncher.LISTED.id(),
        FakeLauncher.SAVEPOINT_FAILURE));
    assertThat(state.resumeFromProperty().get()).isEqualTo(FakePipelineRun.CHECKPOINT);
    assertThat(shown.endedJobProperty().get()).isNull();
    assertThat(shown.endingJobProperty().get()).isFalse();
  }

  @Test
  void theEmbeddedFlinkHasNoListedJobsToStopAndARemoteOneNeedsItsAddress() {
    viewModel.stopJob(FakeLauncher.LISTED);
    viewModel.cancelJob(FakeLauncher.LISTED);
    viewModel.targetProperty().set(LaunchTarget.REMOTE_CLUSTER);
    viewModel.stopJob(FakeLauncher.LISTED);

    assertThat(submitted).isEmpty();
    assertThat(launcher.ended).isEmpty();
  }

  @Test
  void theEmbeddedFlinkHasNoJobsToFollow() {
    state.pipelineProperty().set(tutorialPipeline());

    viewModel.follow(FakeLauncher.LISTED);

    assertThat(viewModel.statusProperty().get()).isEqualTo(PipelineStatus.NOT_STARTED);
    assertThat(submitted).isEmpty();
  }

  @Test
  void aRemoteClusterWithoutAUsableRestAddressDoesNotStart() {
    state.pipelineProperty().set(tutorialPipeline());
    viewModel.targetProperty().set(LaunchTarget.REMOTE_CLUSTER);

    for (String address : List.of("", "flink-host:8081", "ftp://flink-host", "http://")) {
      viewModel.restAddressProperty().set(address);
      assertThat(viewModel.canStartBinding().get()).as(address).isFalse();
      assertThat(viewModel.restAddressErrorBinding().get().key()).isEqualTo("wizard.launch.restAddressInvalid");
      viewModel.start();
    }
    assertThat(viewModel.statusProperty().get()).isEqualTo(PipelineStatus.NOT_STARTED);
    assertThat(submitted).isEmpty();

    viewModel.targetProperty().set(LaunchTarget.LOCAL_CLUSTER);
    assertThat(viewModel.restAddressErrorBinding().get()).as("the local cluster needs no address").isNull();
    assertThat(viewModel.canStartBinding().get()).isTrue();
  }

  private LaunchViewModel runningViewModel() {
    return runningViewModel(launcher);
  }

  private LaunchViewModel runningViewModel(PipelineLauncher startedBy) {
    LaunchViewModel running = new LaunchViewModel(state, state, state, state,
        (problem, fix, cause) -> reported.add(problem), pool,
        startedBy);
    polling.add(running);
    return running;
  }

  private static void awaitStatus(LaunchViewModel viewModel, PipelineStatus expected) throws TimeoutException {
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> viewModel.statusProperty().get() == expected);
  }

  private static void onFxThread(Runnable action) {
    WaitForAsyncUtils.waitForAsyncFx(5000, action);
  }

  private static PipelineImport tutorialPipeline() {
    PipelineDefinition definition = new PipelineDefinitionBuilder()
        .connection("localhost", 5432, "postgres", "tutorial")
        .tables("inventory", List.of(TableId.of("public", "orders")))
        .slot("cdc_orders")
        .publication("cdc_orders")
        .hadoopWarehouse("file:///tmp/warehouse")
        .build();
    return new PipelineImport(definition, KeptKeys.NONE, new ImportReport(List.of()));
  }
}
