package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.step.launch.PipelineStatus;
import dev.cdcwizard.app.testsupport.TestWizards;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class WizardShellTest {
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    wizard = TestWizards.show(stage);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void startsOnWelcomeWithItHighlighted(FxRobot robot) {
    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.WELCOME);
    assertThat(robot.lookup(".step-title").queryAs(Label.class).getText()).isEqualTo("Welcome");
    assertThat(current(robot)).isEqualTo(0);
    assertThat(robot.lookup("#backButton").queryButton().isDisabled()).isTrue();
  }

  @Test
  void nextAndBackWalkTheSteps(FxRobot robot) {
    robot.clickOn("#nextButton");

    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.CONNECT);
    assertThat(robot.lookup(".step-title").queryAs(Label.class).getText()).isEqualTo("Connect");
    assertThat(current(robot)).isEqualTo(1);

    robot.clickOn("#backButton");

    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.WELCOME);
  }

  /** Issue 22: after Next, the new step's Next was disabled and focus fell through to Cancel. */
  @Test
  void afterNextTheStepsFirstFieldHasTheFocus(FxRobot robot) {
    robot.clickOn("#nextButton");
    WaitForAsyncUtils.waitForFxEvents();

    Node focused = robot.targetWindow().getScene().getFocusOwner();
    assertThat(focused).as("the Connect step's first field").isInstanceOf(TextInputControl.class);
    assertThat(robot.lookup("#cancelButton").queryButton().isFocused()).isFalse();
  }

  @Test
  void theKeyboardAloneWalksTheWizard(FxRobot robot) {
    robot.press(KeyCode.ALT).type(KeyCode.N).release(KeyCode.ALT);
    assertThat(wizard.navigator().current()).as("Alt+N is Next").isEqualTo(WizardStep.CONNECT);

    robot.press(KeyCode.ALT).type(KeyCode.D).release(KeyCode.ALT);
    robot.write("inventory").type(KeyCode.ENTER);
    assertThat(wizard.state().connection().databaseProperty().get()).as("Alt+D focuses Database").isEqualTo("inventory");
    assertThat(wizard.navigator().current()).as("Enter presses Next, which waits for a connection test")
        .isEqualTo(WizardStep.CONNECT);

    robot.press(KeyCode.ALT).type(KeyCode.B).release(KeyCode.ALT);
    assertThat(wizard.navigator().current()).as("Alt+B is Back").isEqualTo(WizardStep.WELCOME);
  }

  @Test
  void nextFollowsTheCurrentStepsValidity(FxRobot robot) {
    robot.clickOn("#nextButton");
    Button next = robot.lookup("#nextButton").queryButton();
    assertThat(next.isDisabled()).as("no database yet").isTrue();

    robot.clickOn("#databaseField").write("inventory");
    assertThat(next.isDisabled()).as("not tested yet").isTrue();

    robot.interact(() -> wizard.state().connection().testedProperty().set(true));
    assertThat(next.isDisabled()).isFalse();

    robot.interact(() -> robot.lookup("#portField").queryAs(TextInputControl.class).setText("none"));
    assertThat(next.isDisabled()).isTrue();
  }

  @Test
  void everyStepHasAView(FxRobot robot) {
    for (WizardStep step : WizardStep.values()) {
      robot.interact(() -> wizard.navigator().goTo(step));
      assertThat(current(robot)).isEqualTo(step.ordinal());
    }
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).as("Next on the last step").isTrue();
  }

  @Test
  void theStepListGoesBackToAnyStepAndForwardOverValidStepsOnly(FxRobot robot) {
    robot.interact(() -> wizard.navigator().goTo(WizardStep.LAUNCH));

    robot.clickOn(stepItem(robot, WizardStep.CONNECT));
    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.CONNECT);

    robot.clickOn(stepItem(robot, WizardStep.TABLES));
    assertThat(wizard.navigator().current()).as("Connect is not tested").isEqualTo(WizardStep.CONNECT);

    robot.interact(() -> {
      wizard.state().connection().databaseProperty().set("inventory");
      wizard.state().connection().testedProperty().set(true);
    });
    robot.clickOn(stepItem(robot, WizardStep.CHECK));
    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.CHECK);
  }

  /**
   * Issue 22: with a pipeline running, a field of the connection edited (or a check that now fails) made the
   * monitor and its Stop unreachable from the step list; only closing the window got out.
   */
  @Test
  void whileAPipelineRunsTheMonitorStaysOneClickAwayFromAnInvalidStep(FxRobot robot) {
    robot.interact(() -> {
      wizard.viewModels().launch().statusProperty().set(PipelineStatus.STREAMING);
      wizard.navigator().goTo(WizardStep.CONNECT);
    });
    assertThat(wizard.navigator().currentViewModel().isValid()).as("the connection is not tested").isFalse();

    robot.clickOn(stepItem(robot, WizardStep.MONITOR));
    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.MONITOR);

    robot.interact(() -> {
      wizard.viewModels().launch().statusProperty().set(PipelineStatus.STOPPED);
      wizard.navigator().goTo(WizardStep.CONNECT);
    });
    robot.clickOn(stepItem(robot, WizardStep.MONITOR));
    assertThat(wizard.navigator().current()).as("no pipeline runs").isEqualTo(WizardStep.CONNECT);
  }

  private static Node stepItem(FxRobot robot, WizardStep step) {
    return robot.lookup(".step-list").queryAs(VBox.class).getChildren().get(step.ordinal());
  }

  private static int current(FxRobot robot) {
    VBox list = robot.lookup(".step-list").queryAs(VBox.class);
    for (int i = 0; i < list.getChildren().size(); i++) {
      Node item = list.getChildren().get(i);
      if (item.getPseudoClassStates().contains(PseudoClass.getPseudoClass("current"))) {
        return i;
      }
    }
    return -1;
  }
}
