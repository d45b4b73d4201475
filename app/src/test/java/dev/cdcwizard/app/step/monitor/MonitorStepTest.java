package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

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

  private static String text(FxRobot robot, String query) {
    return robot.lookup(query).queryAs(Label.class).getText();
  }
}
