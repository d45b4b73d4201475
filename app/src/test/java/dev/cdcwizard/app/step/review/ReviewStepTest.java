package dev.cdcwizard.app.step.review;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.pipeline.RouteDefinition;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.i18n.Localization;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.fxmisc.richtext.CodeArea;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The review step's YAML as the user reads and edits it, from the tutorial's choices in the earlier steps. */
@ExtendWith(ApplicationExtension.class)
class ReviewStepTest {
  private static final String PASSWORD = "s3cret-Pw";

  @TempDir Path folder;
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
  void thePasswordIsAPlaceholderInTheYamlShownUnlessTheUserIncludesIt(FxRobot robot) throws TimeoutException {
    open(robot);

    assertThat(yaml(robot)).contains("password: ${POSTGRES_PASSWORD}").doesNotContain(PASSWORD);
    assertThat(robot.lookup("#includePasswordCheck").queryAs(CheckBox.class).isSelected()).isFalse();
    assertThat(robot.lookup("#exportButton").queryButton().isDisabled()).isFalse();
    assertThat(robot.lookup("#saveButton").queryButton().isDisabled()).isFalse();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();

    robot.clickOn("#includePasswordCheck");
    awaitValid();
    assertThat(yaml(robot)).contains("password: " + PASSWORD).doesNotContain("${POSTGRES_PASSWORD}");

    robot.clickOn("#includePasswordCheck");
    awaitValid();
    assertThat(yaml(robot)).contains("password: ${POSTGRES_PASSWORD}").doesNotContain(PASSWORD);

    robot.interact(() -> wizard.navigator().goTo(WizardStep.LAUNCH));
    robot.interact(() -> wizard.navigator().goTo(WizardStep.REVIEW));
    awaitValid();
    assertThat(yaml(robot)).as("back on the step").doesNotContain(PASSWORD);
  }

  @Test
  void theYamlOfAnOpenedFileShowsItsPasswordAsAPlaceholderToo(FxRobot robot) throws Exception {
    Path file = Path.of(ReviewStepTest.class.getResource("/pipelines/tutorial.yaml").toURI());
    robot.interact(() -> wizard.viewModels().welcome().openFile(file));
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "tutorial".equals(
        wizard.state().connection().passwordProperty().get()));

    robot.interact(() -> wizard.navigator().goTo(WizardStep.REVIEW));
    awaitValid();

    assertThat(yaml(robot)).contains("password: ${POSTGRES_PASSWORD}").doesNotContain("password: tutorial");
  }

  @Test
  void aMalformedEditIsRefusedInTheWizardsLanguageAndNothingCanBeWritten(FxRobot robot) throws TimeoutException {
    open(robot);
    CodeArea area = robot.lookup("#yamlArea").queryAs(CodeArea.class);

    robot.interact(() -> {
      area.requestFocus();
      area.moveTo(area.getLength());
    });
    robot.write("\noops: [");
    awaitError();

    assertThat(text(robot, "#yamlError")).startsWith("The pipeline definition is not valid YAML");
    assertThat(robot.lookup("#exportButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#saveButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();

    robot.interact(() -> wizard.preferences().languageProperty().set(Localization.SIMPLIFIED_CHINESE));
    awaitError();
    assertThat(text(robot, "#yamlError")).startsWith("作业定义不是有效的 YAML");
    assertThat(yaml(robot)).as("the edit is kept").endsWith("\noops: [");

    CodeArea reloaded = robot.lookup("#yamlArea").queryAs(CodeArea.class);
    robot.interact(() -> reloaded.replaceText(reloaded.getText().replace("\noops: [", "")));
    awaitValid();
    assertThat(robot.lookup("#yamlError").queryAs(Label.class).isVisible()).isFalse();
    assertThat(robot.lookup("#saveButton").queryButton().isDisabled()).isFalse();
  }

  @Test
  void aMistypedKeyIsNamedWithTheKeyMeant(FxRobot robot) throws TimeoutException {
    open(robot);
    CodeArea area = robot.lookup("#yamlArea").queryAs(CodeArea.class);

    robot.interact(() -> area.replaceText(area.getText().replace("slot.name:", "slot.nme:")));
    awaitError();

    assertThat(text(robot, "#yamlError")).contains("source.slot.nme is not a known option. Did you mean slot.name?");
    assertThat(robot.lookup("#exportButton").queryButton().isDisabled()).isTrue();
  }

  /** The tutorial's choices, as the earlier steps leave them; then the review step opens. */
  private void open(FxRobot robot) throws TimeoutException {
    robot.interact(() -> {
      wizard.state().connection().fill("localhost", 5432, "inventory", "postgres", PASSWORD);
      wizard.state().selectedTables().setAll(new TableName("public", "orders"));
      wizard.state().target().catalog().warehouseProperty().set(folder.resolve("warehouse").toString());
      wizard.state().target().routesProperty().set(List.of(new RouteDefinition("public.orders", "ods.orders")));
      wizard.navigator().goTo(WizardStep.REVIEW);
    });
    awaitValid();
  }

  private void awaitValid() throws TimeoutException {
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> wizard.viewModels().review().isValid());
    WaitForAsyncUtils.waitForFxEvents();
  }

  private void awaitError() throws TimeoutException {
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> wizard.viewModels().review().errorProperty().get() != null);
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static String yaml(FxRobot robot) {
    return robot.lookup("#yamlArea").queryAs(CodeArea.class).getText();
  }

  private static String text(FxRobot robot, String query) {
    Label label = robot.lookup(query).queryAs(Label.class);
    assertThat(label.isVisible()).as(query + " visible").isTrue();
    return label.getText();
  }
}
