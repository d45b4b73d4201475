package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.CutLabels;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.engine.launch.LaunchTarget;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Issue 22: at the default window size and at 1280x800, in both languages, no step cuts a label short. */
@ExtendWith(ApplicationExtension.class)
class LayoutFitTest {
  private Stage stage;
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    this.stage = stage;
  }

  @AfterEach
  void close() {
    if (wizard != null) {
      robotRun(wizard::close);
    }
  }

  @Test
  void noLabelIsCutShort(FxRobot robot) {
    List<String> cut = new ArrayList<>();
    for (Locale language : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
      for (double[] size : new double[][] {{960, 680}, {1280, 800}}) {
        robotRun(() -> {
          if (wizard != null) {
            wizard.close();
          }
          wizard = TestWizards.show(stage, language, TestWizards.FAILING_SAMPLE, TestWizards.NO_SERVER);
          stage.setWidth(size[0]);
          stage.setHeight(size[1]);
        });
        for (WizardStep step : WizardStep.values()) {
          robotRun(() -> wizard.navigator().goTo(step));
          WaitForAsyncUtils.waitForFxEvents();
          String where = language.toLanguageTag() + " " + (int) size[0] + "x" + (int) size[1] + " " + step + ": ";
          robotRun(() -> CutLabels.under(stage.getScene().getRoot()).forEach(label -> cut.add(where + label)));
        }
        // the launch step's rows for a cluster: its jobs, and the local cluster's Stop
        for (LaunchTarget target : List.of(LaunchTarget.LOCAL_CLUSTER, LaunchTarget.REMOTE_CLUSTER)) {
          robotRun(() -> {
            wizard.navigator().goTo(WizardStep.LAUNCH);
            robot.lookup("#targetChoice").<LaunchTarget>queryComboBox().getSelectionModel().select(target);
          });
          WaitForAsyncUtils.waitForFxEvents();
          String where = language.toLanguageTag() + " " + (int) size[0] + "x" + (int) size[1] + " LAUNCH " + target + ": ";
          robotRun(() -> CutLabels.under(stage.getScene().getRoot()).forEach(label -> cut.add(where + label)));
        }
      }
    }
    assertThat(cut).isEmpty();
  }

  private static void robotRun(Runnable action) {
    WaitForAsyncUtils.waitForAsyncFx(10_000, action);
  }
}
