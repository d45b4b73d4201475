package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.app.testsupport.FakeRunSlots;
import dev.cdcwizard.app.testsupport.LocalClusterOnly;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.yaml.ImportReport;
import dev.cdcwizard.engine.yaml.KeptKeys;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.DialogPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The window's close button and Cancel with a pipeline running or its slot left: the dialogs they show. */
@ExtendWith(ApplicationExtension.class)
class ClosePromptTest {
  private Stage stage;
  private Wizard wizard;
  private final FakeRunSlots slots = FakeRunSlots.holding(3 * 1024 * 1024);

  @Start
  void start(Stage stage) {
    this.stage = stage;
    wizard = TestWizards.show(stage, Locale.ENGLISH, slots);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void closingWithAClusterJobRunningOffersToKeepItStopItOrCancelItThenAsksAboutTheSlot(FxRobot robot) throws Exception {
    FakePipelineRun run = FakePipelineRun.onCluster();
    robot.interact(() -> wizard.state().usePipelineRun(run));

    Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
    DialogPane asked = awaitDialog("#leaveRunDialog");
    assertThat(asked.getHeaderText()).isEqualTo("The pipeline is still running.");
    for (String button : new String[] {"#leaveKeepRunningButton", "#leaveStopButton", "#leaveCancelJobButton",
        "#leaveStayButton"}) {
      assertThat(asked.lookup(button)).as(button).isNotNull();
    }
    assertThat(stage.getScene().getRoot().isDisabled()).as("no other input while it asks").isTrue();

    robot.clickOn("#leaveStopButton");
    DialogPane slot = awaitDialog("#leaveSlotDialog");
    assertThat(run.stoppedWithSavepoint()).isTrue();
    assertThat(slot.getHeaderText()).isEqualTo("Replication slot cdc_orders stays");
    assertThat(slot.getContentText()).contains("holds 3.0 MB of WAL", FakePipelineRun.SAVEPOINT);

    robot.clickOn("#leaveDropSlotButton");
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !stage.isShowing());
    assertThat(slots.dropped()).isTrue();
  }

  @Test
  void cancelWithAnEmbeddedRunOffersOnlyToStopItAndStayKeepsEverything(FxRobot robot) throws Exception {
    FakePipelineRun run = new FakePipelineRun();
    robot.interact(() -> wizard.state().usePipelineRun(run));

    Platform.runLater(() -> robot.lookup("#cancelButton").queryButton().fire());
    DialogPane asked = awaitDialog("#leaveRunDialog");
    assertThat(asked.lookup("#leaveKeepRunningButton")).as("an embedded job ends with the wizard").isNull();
    assertThat(asked.lookup("#leaveCancelJobButton")).isNull();
    assertThat(asked.getContentText()).contains("ends with it");

    robot.clickOn("#leaveStayButton");
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(stage.isShowing()).isTrue();
    assertThat(stage.getScene().getRoot().isDisabled()).isFalse();
    assertThat(run.currentStatus()).isEqualTo(JobStatus.RUNNING);
  }

  @Test
  void inChineseTheDialogSpeaksChinese(FxRobot robot) throws Exception {
    FakePipelineRun run = FakePipelineRun.onCluster();
    robot.interact(() -> {
      wizard.preferences().languageProperty().set(Locale.forLanguageTag("zh-CN"));
      wizard.state().usePipelineRun(run);
    });

    Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
    DialogPane asked = awaitDialog("#leaveRunDialog");
    assertThat(asked.getHeaderText()).isEqualTo("作业仍在运行。");

    robot.clickOn("#leaveKeepRunningButton");
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !stage.isShowing());
    assertThat(run.currentStatus()).as("the job keeps running on its cluster").isEqualTo(JobStatus.RUNNING);
  }

  @Test
  void quittingWithAReviewedPipelineThatDidNotRunHereSaysWhatItsSlotHoldsAndOffersToDropIt(FxRobot robot)
      throws Exception {
    robot.interact(() -> wizard.state().pipelineProperty().set(
        new PipelineImport(FakePipelineRun.TUTORIAL, KeptKeys.NONE, new ImportReport(List.of()))));

    Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
    DialogPane slot = awaitDialog("#leaveSlotDialog");
    assertThat(slot.getHeaderText()).isEqualTo("Replication slot cdc_orders stays");
    assertThat(slot.getContentText()).contains("holds 3.0 MB of WAL");

    robot.clickOn("#leaveDropSlotButton");
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !stage.isShowing());
    assertThat(slots.dropped()).isTrue();
  }

  @Test
  void closingAfterChoosingTheLocalClusterSaysItKeepsRunningAndOffersToStopIt(FxRobot robot) throws Exception {
    robot.interact(() -> {
      wizard.close();
      stage.hide();
    });
    LocalClusterOnly launcher = new LocalClusterOnly();
    robot.interact(() -> wizard = TestWizards.show(stage, Locale.ENGLISH, FakeRunSlots.none(), launcher));
    robot.interact(() -> wizard.viewModels().launch().targetProperty().set(LaunchTarget.LOCAL_CLUSTER));

    Platform.runLater(() -> stage.fireEvent(new WindowEvent(stage, WindowEvent.WINDOW_CLOSE_REQUEST)));
    DialogPane asked = awaitDialog("#leaveClusterDialog");
    assertThat(asked.getHeaderText()).isEqualTo("The local Flink cluster is still running");
    assertThat(asked.getContentText()).contains("keeps running after the wizard closes", "http://localhost:8081",
        "cdc-wizard cluster stop");
    assertThat(asked.lookup("#leaveKeepClusterButton")).isNotNull();

    robot.clickOn("#leaveStopClusterButton");
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !stage.isShowing());
    assertThat(launcher.running()).isFalse();
  }

  /** Looked up on the FX thread, as the dialog waits in showAndWait. */
  private static DialogPane awaitDialog(String id) throws Exception {
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> dialog(id) != null).get());
    WaitForAsyncUtils.waitForFxEvents();
    return WaitForAsyncUtils.asyncFx(() -> dialog(id)).get();
  }

  private static DialogPane dialog(String id) {
    return Window.getWindows().stream().filter(Window::isShowing)
        .map(window -> window.getScene() == null ? null : window.getScene().lookup(id))
        .filter(DialogPane.class::isInstance).map(DialogPane.class::cast).findFirst().orElse(null);
  }
}
