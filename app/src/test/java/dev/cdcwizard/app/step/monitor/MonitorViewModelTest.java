package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.app.testsupport.FakeServer;
import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.postgres.ConnectionFailure;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class MonitorViewModelTest {
  private final WizardState state = new WizardState();
  private final List<Message> reported = new CopyOnWriteArrayList<>();
  private final MonitorViewModel viewModel = new MonitorViewModel(state.connection(), state, state, state,
      SourceDatabase.ENGINE,
      (problem, fix, cause) -> reported.add(problem), Runnable::run);

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // the table preview refreshes with a JavaFX Timeline, and tasks call back on the FX thread
    FxToolkit.registerPrimaryStage();
  }

  @AfterEach
  void closeStep() {
    onFxThread(viewModel::closed);
  }

  @Test
  void theLastStepIsAlwaysValid() {
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void withoutATestedConnectionNothingIsSampled() {
    onFxThread(viewModel::opened);

    assertThat(viewModel.isSampling()).isFalse();
    assertThat(viewModel.slot().activeProperty().get()).isNull();
    assertThat(viewModel.preview().targets()).isEmpty();
    onFxThread(viewModel::closed);
  }

  @Test
  void theSlotIsSampledWhileTheStepShowsAndNoLongerOnceItCloses() {
    state.connection().fill("localhost", FakeServer.closedPort(), "inventory", "postgres", "tutorial");
    state.connection().testedProperty().set(true);

    onFxThread(viewModel::opened);
    assertThat(viewModel.isSampling()).isTrue();

    onFxThread(viewModel::closed);
    assertThat(viewModel.isSampling()).isFalse();
    assertThat(reported).as("a slot that cannot be sampled is retried, not reported").isEmpty();
  }

  @Test
  void stopWithoutAPipelineRunDoesNothing() {
    onFxThread(viewModel::stopPipeline);

    assertThat(viewModel.busyProperty().get()).isFalse();
    assertThat(viewModel.statusProperty().get()).isNull();
    assertThat(reported).isEmpty();
  }

  @Test
  void stopOnAClusterTakesASavepointAndTellsTheLaunchStepToResumeFromIt() {
    FakePipelineRun run = FakePipelineRun.onCluster();
    state.usePipelineRun(run);
    onFxThread(viewModel::opened);
    assertThat(viewModel.onClusterProperty().get()).isTrue();

    onFxThread(viewModel::stopPipeline);

    assertThat(run.stoppedWithSavepoint()).isTrue();
    assertThat(state.resumeFromProperty().get()).isEqualTo(FakePipelineRun.SAVEPOINT);
    assertThat(viewModel.statusProperty().get())
        .isEqualTo(Message.of("wizard.monitor.stoppedWithSavepoint", FakePipelineRun.SAVEPOINT));
    assertThat(viewModel.busyProperty().get()).isFalse();
    assertThat(reported).isEmpty();
  }

  @Test
  void whatWasSaidOfAStoppedRunIsGoneOnceANewRunIsShown() {
    state.usePipelineRun(FakePipelineRun.onCluster());
    onFxThread(viewModel::opened);
    onFxThread(viewModel::stopPipeline);
    onFxThread(viewModel::closed);
    onFxThread(viewModel::opened);
    assertThat(viewModel.statusProperty().get()).as("the same run").isNotNull();
    onFxThread(viewModel::closed);

    state.usePipelineRun(FakePipelineRun.onCluster());
    onFxThread(viewModel::opened);

    assertThat(viewModel.statusProperty().get()).isNull();
    onFxThread(viewModel::closed);
  }

  @Test
  void cancelOnAClusterLeavesItsLatestCheckpointToResumeFrom() {
    FakePipelineRun run = FakePipelineRun.onCluster();
    state.usePipelineRun(run);
    onFxThread(viewModel::opened);

    onFxThread(viewModel::cancelPipeline);

    assertThat(run.currentStatus()).isEqualTo(JobStatus.CANCELED);
    assertThat(run.stoppedWithSavepoint()).isFalse();
    assertThat(state.resumeFromProperty().get()).isEqualTo(FakePipelineRun.CHECKPOINT);
    assertThat(viewModel.statusProperty().get())
        .isEqualTo(Message.of("wizard.monitor.cancelled", FakePipelineRun.CHECKPOINT));
  }

  @Test
  void stopEmbeddedCancelsAndTheNextStartFindsTheCheckpointItself() {
    FakePipelineRun run = new FakePipelineRun();
    state.usePipelineRun(run);
    onFxThread(viewModel::opened);
    assertThat(viewModel.onClusterProperty().get()).isFalse();

    onFxThread(viewModel::stopPipeline);

    assertThat(run.currentStatus()).isEqualTo(JobStatus.CANCELED);
    assertThat(state.resumeFromProperty().get()).isEmpty();
    assertThat(viewModel.statusProperty().get()).isEqualTo(Message.of("wizard.monitor.stopped"));
  }

  @Test
  void cleanUpOnAServerThatIsNotThereSaysSoAndFreesTheButtons() {
    state.connection().fill("localhost", FakeServer.closedPort(), "inventory", "postgres", "tutorial");

    onFxThread(viewModel::cleanUp);

    assertThat(reported).hasSize(1);
    assertThat(reported.get(0).key()).isEqualTo(ConnectionFailure.CONNECTION_REFUSED.problem().key());
    assertThat(LocalizedTexts.inEveryLanguage(reported.get(0))).allSatisfy(text -> assertThat(text).isNotBlank());
    assertThat(viewModel.busyProperty().get()).isFalse();
    assertThat(viewModel.statusProperty().get()).isNull();
  }

  private static void onFxThread(Runnable action) {
    WaitForAsyncUtils.waitForAsyncFx(5000, action);
    WaitForAsyncUtils.waitForFxEvents();
  }
}
