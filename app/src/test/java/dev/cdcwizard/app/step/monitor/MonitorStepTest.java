package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The monitor step's labels and buttons; slot samples are handed in as the engine's sampler would hand them. */
@ExtendWith(ApplicationExtension.class)
class MonitorStepTest {
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    wizard = TestWizards.show(stage);
    wizard.navigator().goTo(WizardStep.MONITOR);
  }

  @AfterEach
  void close() {
    wizard.close();
  }

  @Test
  void theSlotIsUnknownUntilSampled(FxRobot robot) {
    assertThat(text(robot, "#slotNameValue")).isEqualTo(SlotSamples.SLOT);
    assertThat(text(robot, "#activeValue")).isEqualTo("not known yet");
    assertThat(text(robot, "#restartLsnValue")).isEqualTo("not known yet");
    assertThat(text(robot, "#walRetainedValue")).isEqualTo("not known yet");

    robot.interact(() -> wizard.viewModels().monitor().slot()
        .show(SlotSamples.existing(SlotSamples.FIRST, true, 3 * 1024 * 1024, 512 * 1024)));

    assertThat(text(robot, "#activeValue")).isEqualTo("yes");
    assertThat(text(robot, "#restartLsnValue")).isEqualTo("0/1A2B3C4");
    assertThat(text(robot, "#confirmedFlushLsnValue")).isEqualTo("0/1A2B3D0");
    assertThat(text(robot, "#walRetainedValue")).isEqualTo("3.0 MB");
    assertThat(text(robot, "#lagValue")).isEqualTo("512.0 KB");
  }

  @Test
  void stopAndCleanUpWaitWhileEitherRuns(FxRobot robot) {
    assertThat(robot.lookup("#stopButton").queryButton().isDisabled()).isFalse();
    assertThat(robot.lookup("#cleanUpButton").queryButton().isDisabled()).isFalse();

    robot.interact(() -> wizard.viewModels().monitor().busyProperty().set(true));

    assertThat(robot.lookup("#stopButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#cleanUpButton").queryButton().isDisabled()).isTrue();
  }

  @Test
  void theJobIdAndTheWebUiAddressShowAndTheAddressCanBeCopied(FxRobot robot) throws Exception {
    FakePipelineRun run = new FakePipelineRun();
    assertThat(text(robot, "#jobIdValue")).isEqualTo("not known yet");
    assertThat(robot.lookup("#copyWebUiButton").queryButton().isDisabled()).isTrue();

    robot.interact(() -> {
      wizard.state().usePipelineRun(run);
      wizard.navigator().goTo(WizardStep.LAUNCH);
      wizard.navigator().goTo(WizardStep.MONITOR);
    });
    WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> !wizard.viewModels().monitor().webUiProperty().get().isEmpty());
    WaitForAsyncUtils.waitForFxEvents();

    assertThat(text(robot, "#jobIdValue")).isEqualTo(run.jobId().toString());
    assertThat(robot.lookup("#webUiValue").queryAs(TextField.class).getText()).isEqualTo("http://localhost:8081");
    robot.clickOn("#copyWebUiButton");
    assertThat(WaitForAsyncUtils.asyncFx(() -> Clipboard.getSystemClipboard().getString()).get(5, TimeUnit.SECONDS))
        .isEqualTo("http://localhost:8081");
  }

  private static String text(FxRobot robot, String query) {
    return robot.lookup(query).queryAs(Label.class).getText();
  }
}
