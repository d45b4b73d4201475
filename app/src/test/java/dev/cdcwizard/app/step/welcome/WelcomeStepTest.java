package dev.cdcwizard.app.step.welcome;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class WelcomeStepTest {
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
  void openingAYamlFileNeedsAFileThatImports(FxRobot robot) throws Exception {
    robot.clickOn("#openYamlOption");

    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#chooseFileButton").queryButton().isDisabled()).isFalse();

    Path file = Path.of(WelcomeStepTest.class.getResource("/pipelines/tutorial.yaml").toURI());
    robot.interact(() -> wizard.viewModels().welcome().openFile(file));
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !robot.lookup("#nextButton").queryButton().isDisabled());

    assertThat(robot.lookup("#chosenFileLabel").queryAs(Label.class).getText()).endsWith("tutorial.yaml");
    assertThat(wizard.state().connection().databaseProperty().get()).isEqualTo("inventory");
  }

  @Test
  void aSampleDatabaseThatDoesNotStartOpensTheErrorDialog(FxRobot robot) throws TimeoutException {
    robot.clickOn("#sampleDatabaseOption");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).as("not started yet").isTrue();

    robot.clickOn("#startSampleButton");
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#problemLabel").tryQuery().isPresent());

    assertThat(robot.lookup("#problemLabel").queryAs(Label.class).getText())
        .isEqualTo("The sample database did not start.");
    assertThat(robot.lookup("#fixLabel").queryAs(Label.class).getText()).contains("try again");
    assertThat(robot.lookup("#detailsArea").queryAs(TextArea.class).getText())
        .contains("java.io.IOException: no PostgreSQL in a unit test");

    robot.clickOn("#closeButton");

    assertThat(robot.listWindows()).filteredOn(Window::isShowing).hasSize(1);
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#startSampleButton").queryButton().isDisabled()).as("can try again").isFalse();
  }
}
