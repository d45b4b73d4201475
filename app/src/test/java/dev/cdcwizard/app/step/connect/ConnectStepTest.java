package dev.cdcwizard.app.step.connect;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.FakeServer;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.postgres.ConnectionFailure;
import dev.cdcwizard.engine.postgres.ServerVersion;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class ConnectStepTest {
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    // the "server" knows one password, as the tutorial's does
    wizard = TestWizards.show(stage, Locale.ENGLISH, TestWizards.FAILING_SAMPLE, endpoint -> {
      if (!"tutorial".equals(endpoint.password())) {
        throw FakeServer.failure(ConnectionFailure.WRONG_PASSWORD, endpoint);
      }
      return new ServerVersion(160004, "16.4");
    });
    wizard.navigator().goTo(WizardStep.CONNECT);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void showsEachValidationErrorNextToItsField(FxRobot robot) {
    robot.doubleClickOn("#portField").write("99999");

    assertThat(visibleText(robot, "#portError")).startsWith("Enter a port between 1 and 65535");
    assertThat(visibleText(robot, "#databaseError")).startsWith("Enter the name of the database");
    assertThat(robot.lookup("#hostError").queryAs(Label.class).isVisible()).isFalse();
    assertThat(robot.lookup("#testButton").queryButton().isDisabled()).isTrue();

    robot.doubleClickOn("#portField").write("5432");
    robot.clickOn("#databaseField").write("inventory");

    assertThat(robot.lookup("#portError").queryAs(Label.class).isVisible()).isFalse();
    assertThat(robot.lookup("#testButton").queryButton().isDisabled()).isFalse();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).as("not tested yet").isTrue();
  }

  @Test
  void aWrongPasswordIsShownUnderThePasswordField(FxRobot robot) throws TimeoutException {
    robot.clickOn("#databaseField").write("inventory");
    robot.clickOn("#passwordField").write("wrong");
    robot.clickOn("#testButton");
    waitUntilTested();

    assertThat(visibleText(robot, "#passwordError")).isEqualTo("The password for user postgres was not accepted. Check the password; it is case-sensitive.");
    assertThat(visibleText(robot, "#testResultLabel")).startsWith("Could not connect");

    robot.clickOn("#passwordField").write("x");

    assertThat(robot.lookup("#passwordError").queryAs(Label.class).isVisible()).as("typing clears it").isFalse();
  }

  @Test
  void aSuccessfulTestShowsTheServerVersion(FxRobot robot) throws TimeoutException {
    robot.clickOn("#databaseField").write("inventory");
    robot.clickOn("#passwordField").write("tutorial");
    robot.clickOn("#testButton");
    waitUntilTested();

    assertThat(visibleText(robot, "#testResultLabel")).isEqualTo("Connected: PostgreSQL 16.4.");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).as("tested").isFalse();
  }

  private void waitUntilTested() throws TimeoutException {
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
        () -> !wizard.viewModels().connect().testingProperty().get());
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static String visibleText(FxRobot robot, String query) {
    Label label = robot.lookup(query).queryAs(Label.class);
    assertThat(label.isVisible()).as(query + " visible").isTrue();
    return label.getText();
  }
}
