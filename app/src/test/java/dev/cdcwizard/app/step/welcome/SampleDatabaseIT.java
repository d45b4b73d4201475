package dev.cdcwizard.app.step.welcome;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.step.connect.ConnectionTester;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The real sample database: started from the welcome step, then reached by the connection test. */
@ExtendWith(ApplicationExtension.class)
class SampleDatabaseIT {
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    wizard = TestWizards.show(stage, Locale.ENGLISH, SampleDatabaseStarter.EMBEDDED, ConnectionTester.JDBC);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void theSampleDatabaseFillsInTheConnectionStep(FxRobot robot) throws TimeoutException {
    robot.clickOn("#sampleDatabaseOption").clickOn("#startSampleButton");
    WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS,
        () -> wizard.viewModels().welcome().sampleRunningProperty().get());
    WaitForAsyncUtils.waitForFxEvents();

    // issue 22: how to reach it, password included
    assertThat(robot.lookup("#sampleStatusLabel").queryAs(Label.class).getText()).startsWith(
        "The sample database is running: host localhost, port ").contains("user postgres, password tutorial");
    assertThat(robot.lookup("#psqlCommandField").queryAs(TextField.class).getText())
        .matches("PGPASSWORD=tutorial psql -h localhost -p \\d+ -U postgres inventory");

    robot.clickOn("#nextButton");

    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.CONNECT);
    assertThat(robot.lookup("#hostField").queryAs(TextField.class).getText()).isEqualTo("localhost");
    assertThat(robot.lookup("#databaseField").queryAs(TextField.class).getText()).isEqualTo("inventory");
    assertThat(robot.lookup("#userField").queryAs(TextField.class).getText()).isEqualTo("postgres");

    robot.clickOn("#testButton");
    WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
        () -> wizard.viewModels().connect().testResultProperty().get() != null);
    WaitForAsyncUtils.waitForFxEvents();

    assertThat(robot.lookup("#testResultLabel").queryAs(Label.class).getText()).startsWith("Connected: PostgreSQL 16.");
  }
}
