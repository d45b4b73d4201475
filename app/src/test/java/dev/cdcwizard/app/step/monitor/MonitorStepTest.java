package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.engine.launch.RunReport;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.SavedSettings;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.Spinner;
import javafx.scene.control.TextField;
import javafx.scene.input.Clipboard;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The monitor step's labels and buttons; slot samples are handed in as the engine's sampler would hand them. */
@ExtendWith(ApplicationExtension.class)
class MonitorStepTest {
  @TempDir static Path dataFolder;
  private Wizard wizard;

  /** As the last session left the settings: the WAL warning limit set to 256 MB. */
  @Start
  void start(Stage stage) throws IOException {
    Path settings = dataFolder.resolve(SavedSettings.FILE_NAME);
    Files.writeString(settings, "monitor.warnAboveMegabytes=256\n");
    wizard = TestWizards.show(stage, SavedSettings.load(settings));
    wizard.state().slotNameProperty().set(SlotSamples.SLOT);
    wizard.navigator().goTo(WizardStep.MONITOR);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void verifyWaitsForAPipelineAndItsCancelForAComparisonUnderWay(FxRobot robot) {
    assertThat(robot.lookup("#verifyButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#cancelVerifyButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#verifyButton").queryButton().getText()).isEqualTo("_Verify every row");
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
  void theLagInTimeShowsNextToTheLagInBytes(FxRobot robot) {
    robot.interact(() -> {
      SlotWatch slot = wizard.viewModels().monitor().slot();
      slot.show(SlotSamples.existing(SlotSamples.FIRST, true, 1024 * 1024, 0));
      slot.show(SlotSamples.existing(SlotSamples.FIRST.plusSeconds(2), true, 1024 * 1024, 4096));
      slot.show(SlotSamples.existing(SlotSamples.FIRST.plusSeconds(12), true, 1024 * 1024, 8192));
    });

    assertThat(text(robot, "#lagValue")).isEqualTo("8.0 KB");
    assertThat(text(robot, "#lagTimeValue")).isEqualTo("(10 s behind)");
  }

  @Test
  void anInactiveSlotIsWarnedOfAndTheLimitIsTheUsers(FxRobot robot) {
    Label warnings = robot.lookup("#slotWarningsLabel").queryAs(Label.class);
    assertThat(warnings.getText()).isEmpty();

    robot.interact(() -> wizard.viewModels().monitor().slot()
        .show(SlotSamples.existing(SlotSamples.FIRST, false, 3 * 1024 * 1024, 0)));
    assertThat(warnings.getText()).startsWith("Slot cdc_orders is not active").contains("3.0 MB");

    robot.interact(() -> robot.lookup("#warnAboveSpinner").queryAs(Spinner.class).getValueFactory().setValue(2));
    assertThat(wizard.viewModels().monitor().slot().warnAboveMegabytesProperty().get()).isEqualTo(2);
    assertThat(warnings.getText()).contains("more than the 2 MB set as the limit");
  }

  @Test
  void theWalWarningLimitIsTheOneSavedLastTimeAndAChangeIsSaved(FxRobot robot) throws IOException {
    Spinner<?> limit = robot.lookup("#warnAboveSpinner").queryAs(Spinner.class);
    assertThat(limit.getValue()).isEqualTo(256);
    assertThat(wizard.viewModels().monitor().slot().warnAboveMegabytesProperty().get()).isEqualTo(256);

    robot.interact(() -> limit.increment());

    assertThat(Files.readString(dataFolder.resolve(SavedSettings.FILE_NAME)))
        .contains("monitor.warnAboveMegabytes=512");
  }

  @Test
  void theLatestCheckpointsShowWithTheirTimeDurationAndSize(FxRobot robot) throws Exception {
    assertThat(robot.lookup("No checkpoint completed yet.").tryQuery()).isPresent();
    FakePipelineRun run = FakePipelineRun.onCluster();
    RunReport report = run.report();

    robot.interact(() -> wizard.viewModels().monitor().runWatch().show(run, report));

    assertThat(robot.lookup("240 ms").tryQuery()).isPresent();
    assertThat(robot.lookup("20.0 KB").tryQuery()).isPresent();
    String completed = ClockAxis.TIME.format(Instant.parse("2026-01-05T09:00:03Z"));
    assertThat(robot.lookup(completed).tryQuery()).isPresent();
  }

  @Test
  void onAClusterStopTakesASavepointAndCancelIsOffered(FxRobot robot) throws Exception {
    assertThat(robot.lookup("#stopButton").queryButton().getText()).isEqualTo("S_top the pipeline");
    assertThat(robot.lookup("#cancelJobButton").queryButton().isVisible()).isFalse();

    robot.interact(() -> {
      wizard.state().usePipelineRun(FakePipelineRun.onCluster());
      wizard.navigator().goTo(WizardStep.LAUNCH);
      wizard.navigator().goTo(WizardStep.MONITOR);
    });

    assertThat(robot.lookup("#stopButton").queryButton().getText()).isEqualTo("S_top with a savepoint");
    assertThat(robot.lookup("#cancelJobButton").queryButton().isVisible()).isTrue();
  }

  @Test
  void stopAndCleanUpWaitWhileEitherRuns(FxRobot robot) {
    robot.interact(() -> {
      wizard.state().usePipelineRun(new FakePipelineRun());
      wizard.navigator().goTo(WizardStep.LAUNCH);
      wizard.navigator().goTo(WizardStep.MONITOR);
    });
    assertThat(robot.lookup("#stopButton").queryButton().isDisabled()).isFalse();
    assertThat(robot.lookup("#cleanUpButton").queryButton().isDisabled()).isFalse();

    robot.interact(() -> wizard.viewModels().monitor().busyProperty().set(true));

    assertThat(robot.lookup("#stopButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#cleanUpButton").queryButton().isDisabled()).isTrue();
  }

  /** Issue 22: Stop stays enabled only while there is a job to stop; Clean up is what is left to do. */
  @Test
  void stopIsDisabledWithoutARunAndOnceItsJobEnded(FxRobot robot) throws Exception {
    assertThat(robot.lookup("#stopButton").queryButton().isDisabled()).as("no run").isTrue();
    FakePipelineRun run = FakePipelineRun.onCluster();
    robot.interact(() -> {
      wizard.state().usePipelineRun(run);
      wizard.navigator().goTo(WizardStep.LAUNCH);
      wizard.navigator().goTo(WizardStep.MONITOR);
    });
    assertThat(robot.lookup("#stopButton").queryButton().isDisabled()).isFalse();

    run.cancel();
    RunReport ended = run.report();
    robot.interact(() -> wizard.viewModels().monitor().runWatch().show(run, ended));

    assertThat(robot.lookup("#stopButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#cancelJobButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#cleanUpButton").queryButton().isDisabled()).isFalse();
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
    Node shown = robot.lookup(query).query();
    return shown instanceof Labeled label ? label.getText() : ((TextInputControl) shown).getText();
  }
}
