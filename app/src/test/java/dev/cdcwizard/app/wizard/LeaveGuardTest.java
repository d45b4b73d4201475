package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.task.DaemonThreadFactory;
import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.app.testsupport.FakeRunSlots;
import dev.cdcwizard.app.testsupport.LocalClusterOnly;
import dev.cdcwizard.app.wizard.LeavePrompts.ClusterChoice;
import dev.cdcwizard.app.wizard.LeavePrompts.RunChoice;
import dev.cdcwizard.app.wizard.LeavePrompts.SlotChoice;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.yaml.ImportReport;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.i18n.Message;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** What closing the wizard asks and does, with the user's answers given here instead of dialogs. */
class LeaveGuardTest {
  private final WizardState state = new WizardState();
  private final ExecutorService pool = Executors.newCachedThreadPool(new DaemonThreadFactory("leave-test"));
  private final List<Message> reported = new CopyOnWriteArrayList<>();
  private final List<String> asked = new CopyOnWriteArrayList<>();
  private final AtomicBoolean closed = new AtomicBoolean();
  private RunChoice runAnswer = RunChoice.STAY;
  private SlotChoice slotAnswer = SlotChoice.STAY;
  private ClusterChoice clusterAnswer = ClusterChoice.STAY;
  private final LocalClusterOnly cluster = new LocalClusterOnly();
  private boolean localClusterChosen;

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    FxToolkit.registerPrimaryStage();
  }

  @AfterEach
  void stopPool() {
    pool.shutdownNow();
  }

  @Test
  void withoutAPipelineTheWizardClosesAtOnce() throws Exception {
    requestClose(FakeRunSlots.holding(1024));

    assertThat(closed).isTrue();
    assertThat(asked).isEmpty();
  }

  @Test
  void aLocalClusterThisSessionChoseIsAskedAboutLastAndStoppedOnRequest() throws Exception {
    FakePipelineRun run = FakePipelineRun.onCluster();
    state.usePipelineRun(run);
    runAnswer = RunChoice.STOP;
    slotAnswer = SlotChoice.KEEP;
    clusterAnswer = ClusterChoice.STOP;
    localClusterChosen = true;

    requestClose(FakeRunSlots.holding(1024));

    assertThat(asked).containsExactly("run onCluster=true", "slot cdc_orders 1024 from " + FakePipelineRun.SAVEPOINT,
        "local cluster " + LocalClusterOnly.WEB_UI);
    assertThat(cluster.running()).isFalse();
    assertThat(closed).isTrue();
  }

  @Test
  void aLocalClusterKeptRunningOrNotChosenClosesTheWizardAndKeepsIt() throws Exception {
    localClusterChosen = true;
    clusterAnswer = ClusterChoice.KEEP_RUNNING;
    requestClose(FakeRunSlots.none());
    assertThat(asked).containsExactly("local cluster " + LocalClusterOnly.WEB_UI);
    assertThat(closed).isTrue();

    asked.clear();
    closed.set(false);
    localClusterChosen = false;
    requestClose(FakeRunSlots.none());
    assertThat(asked).as("a cluster this session did not choose").isEmpty();
    assertThat(closed).isTrue();
    assertThat(cluster.running()).isTrue();
  }

  @Test
  void aJobLeftRunningOnTheLocalClusterKeepsItWithoutAskingAboutIt() throws Exception {
    state.usePipelineRun(FakePipelineRun.onCluster());
    runAnswer = RunChoice.KEEP_RUNNING;
    localClusterChosen = true;

    requestClose(FakeRunSlots.holding(1024));

    assertThat(asked).containsExactly("run onCluster=true");
    assertThat(cluster.running()).isTrue();
    assertThat(closed).isTrue();
  }

  @Test
  void stayingKeepsTheWindowAndTheCluster() throws Exception {
    localClusterChosen = true;

    LeaveGuard guard = requestClose(FakeRunSlots.none());

    assertThat(asked).containsExactly("local cluster " + LocalClusterOnly.WEB_UI);
    assertThat(closed).isFalse();
    assertThat(guard.busyProperty().get()).isFalse();
    assertThat(cluster.running()).isTrue();
  }

  @Test
  void aClusterJobMayKeepRunningAndTheSlotItReadsIsNotAskedAbout() throws Exception {
    FakePipelineRun run = FakePipelineRun.onCluster();
    state.usePipelineRun(run);
    runAnswer = RunChoice.KEEP_RUNNING;

    requestClose(FakeRunSlots.holding(1024));

    assertThat(asked).containsExactly("run onCluster=true");
    assertThat(closed).isTrue();
    assertThat(run.currentStatus()).isEqualTo(JobStatus.RUNNING);
  }

  @Test
  void aStopWithASavepointThenAsksAboutTheSlotAndSaysWhereToResume() throws Exception {
    FakePipelineRun run = FakePipelineRun.onCluster();
    state.usePipelineRun(run);
    runAnswer = RunChoice.STOP;
    slotAnswer = SlotChoice.KEEP;
    FakeRunSlots slots = FakeRunSlots.holding(3 * 1024 * 1024);

    requestClose(slots);

    assertThat(run.stoppedWithSavepoint()).isTrue();
    assertThat(asked).containsExactly("run onCluster=true",
        "slot cdc_orders 3145728 from " + FakePipelineRun.SAVEPOINT);
    assertThat(slots.dropped()).isFalse();
    assertThat(closed).isTrue();
  }

  @Test
  void aCancelledJobsSlotMayBeDropped() throws Exception {
    FakePipelineRun run = FakePipelineRun.onCluster();
    state.usePipelineRun(run);
    runAnswer = RunChoice.CANCEL;
    slotAnswer = SlotChoice.DROP;
    FakeRunSlots slots = FakeRunSlots.holding(2048);

    requestClose(slots);

    assertThat(run.currentStatus()).isEqualTo(JobStatus.CANCELED);
    assertThat(asked).containsExactly("run onCluster=true", "slot cdc_orders 2048 from " + FakePipelineRun.CHECKPOINT);
    assertThat(slots.dropped()).isTrue();
    assertThat(closed).isTrue();
  }

  @Test
  void anEmbeddedRunEndsWithTheWizardSoKeepingItRunningIsNotOffered() throws Exception {
    FakePipelineRun run = new FakePipelineRun();
    state.usePipelineRun(run);
    runAnswer = RunChoice.STOP;
    slotAnswer = SlotChoice.KEEP;

    requestClose(FakeRunSlots.holding(100));

    assertThat(asked).containsExactly("run onCluster=false", "slot cdc_orders 100 from none");
    assertThat(run.currentStatus()).isEqualTo(JobStatus.CANCELED);
    assertThat(closed).isTrue();
  }

  @Test
  void stayKeepsTheWindowAndThePipeline() throws Exception {
    FakePipelineRun run = FakePipelineRun.onCluster();
    state.usePipelineRun(run);

    requestClose(FakeRunSlots.holding(100));

    assertThat(closed).isFalse();
    assertThat(run.currentStatus()).isEqualTo(JobStatus.RUNNING);
  }

  @Test
  void aStoppedPipelineIsAskedAboutOnlyItsSlotAndAMissingSlotNotAtAll() throws Exception {
    FakePipelineRun run = new FakePipelineRun();
    run.cancel();
    state.usePipelineRun(run);
    slotAnswer = SlotChoice.KEEP;

    requestClose(FakeRunSlots.holding(100));
    assertThat(asked).containsExactly("slot cdc_orders 100 from none");
    assertThat(closed).isTrue();

    asked.clear();
    closed.set(false);
    requestClose(FakeRunSlots.none());
    assertThat(asked).isEmpty();
    assertThat(closed).isTrue();
  }

  @Test
  void aDropThatFailsKeepsTheWindowOpenAndSaysWhy() throws Exception {
    FakePipelineRun run = new FakePipelineRun();
    run.cancel();
    state.usePipelineRun(run);
    slotAnswer = SlotChoice.DROP;

    LeaveGuard guard = requestClose(FakeRunSlots.undroppable(100));

    assertThat(closed).isFalse();
    assertThat(reported).extracting(Message::key).containsExactly("wizard.leave.dropFailed");
    assertThat(guard.busyProperty().get()).isFalse();
  }

  @Test
  void aKnownPipelineNotRunInThisSessionIsAskedAboutTheSlotItLeftAndMayDropIt() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    slotAnswer = SlotChoice.DROP;
    FakeRunSlots slots = FakeRunSlots.holding(5 * 1024 * 1024);

    requestClose(slots);

    assertThat(slots.askedFor()).containsExactly(FakeRunSlots.SLOT);
    assertThat(asked).containsExactly("slot cdc_orders 5242880 from none");
    assertThat(slots.dropped()).isTrue();
    assertThat(closed).isTrue();
  }

  @Test
  void aKnownPipelinesSlotMayBeKeptAndTheResumePointIsNamed() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    state.resumeFromProperty().set(" " + FakePipelineRun.SAVEPOINT + " ");
    slotAnswer = SlotChoice.KEEP;
    FakeRunSlots slots = FakeRunSlots.holding(2048);

    requestClose(slots);

    assertThat(asked).containsExactly("slot cdc_orders 2048 from " + FakePipelineRun.SAVEPOINT);
    assertThat(slots.dropped()).isFalse();
    assertThat(closed).isTrue();
  }

  @Test
  void aKnownPipelinesSlotThatAJobReadsOrThatIsGoneIsNotAskedAbout() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    slotAnswer = SlotChoice.DROP;

    FakeRunSlots read = FakeRunSlots.readByAJob(4096);
    requestClose(read);
    assertThat(asked).as("a job on a cluster, left running by an earlier session, reads it").isEmpty();
    assertThat(read.dropped()).isFalse();
    assertThat(closed).isTrue();

    closed.set(false);
    requestClose(FakeRunSlots.none());
    assertThat(asked).isEmpty();
    assertThat(closed).isTrue();
  }

  @Test
  void aSourceServerThatDoesNotAnswerClosesTheWizardWithoutAQuestion() throws Exception {
    state.pipelineProperty().set(tutorialPipeline());
    FakeRunSlots unreachable = FakeRunSlots.unreachable();

    requestClose(unreachable);

    assertThat(unreachable.askedFor()).containsExactly(FakeRunSlots.SLOT);
    assertThat(asked).isEmpty();
    assertThat(reported).isEmpty();
    assertThat(closed).isTrue();
  }

  private static PipelineImport tutorialPipeline() {
    return new PipelineImport(FakePipelineRun.TUTORIAL, KeptKeys.NONE, new ImportReport(List.of()));
  }

  private LeaveGuard requestClose(FakeRunSlots slots) throws Exception {
    LeavePrompts prompts = new LeavePrompts() {
      @Override
      public RunChoice askAboutRun(boolean onCluster) {
        asked.add("run onCluster=" + onCluster);
        return runAnswer;
      }

      @Override
      public SlotChoice askAboutSlot(SlotGroupStatus slot, Optional<String> resumePoint) {
        asked.add("slot " + slot.slotName() + " " + slot.walRetainedBytes().getAsLong() + " from "
            + resumePoint.orElse("none"));
        return slotAnswer;
      }

      @Override
      public ClusterChoice askAboutLocalCluster(URI webUi) {
        asked.add("local cluster " + webUi);
        return clusterAnswer;
      }
    };
    LeftLocalCluster left = LeftLocalCluster.of(cluster, () -> localClusterChosen);
    LeaveGuard guard = new LeaveGuard(state, pool, slots, left, prompts,
        (problem, fix, cause) -> reported.add(problem), () -> closed.set(true));
    WaitForAsyncUtils.waitForAsyncFx(5000, guard::requestClose);
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !guard.busyProperty().get() || closed.get());
    WaitForAsyncUtils.waitForFxEvents();
    return guard;
  }
}
