package dev.cdcwizard.app.tutorial;

import static dev.cdcwizard.app.tutorial.WizardRobot.await;
import static dev.cdcwizard.app.tutorial.WizardRobot.checkpointEverySecond;
import static dev.cdcwizard.app.tutorial.WizardRobot.awaitPreview;
import static dev.cdcwizard.app.tutorial.WizardRobot.execute;
import static dev.cdcwizard.app.tutorial.WizardRobot.fire;
import static dev.cdcwizard.app.tutorial.WizardRobot.firstVerifyCell;
import static dev.cdcwizard.app.tutorial.WizardRobot.verify;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.step.connect.ConnectionTester;
import dev.cdcwizard.app.step.launch.PipelineStatus;
import dev.cdcwizard.app.step.monitor.TableCompactor;
import dev.cdcwizard.app.step.welcome.SampleDatabaseStarter;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.maintenance.MaintenanceMessage;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.verify.TableVerification;
import dev.cdcwizard.i18n.ArtifactTexts;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The done-when test of issue 5: the tutorial, driven through the wizard against the sample database,
 * on the embedded Flink engine, in English and in Chinese. Buttons below the fold are fired rather
 * than clicked: the step area scrolls, and a robot click needs the button on screen.
 */
abstract class TutorialWizardScenario {
  // generous: the machine is shared with other Flink tests, and a loaded CI runner is slower still

  @TempDir Path warehouse;
  private Stage stage;
  Wizard wizard;

  /**
   * Closes the window too: a window left showing keeps its nodes in the robot's lookups, and the next
   * test in this JVM would read the old wizard's preview table instead of its own.
   */
  @AfterEach
  void close() throws TimeoutException {
    if (wizard != null) {
      FxToolkit.setupFixture(() -> {
        wizard.close();
        stage.close();
      });
    }
  }

  /** The UI language, as a BCP 47 tag. */
  abstract String language();

  /** Where the launch step runs the pipeline; the embedded Flink unless a subclass chooses otherwise. */
  void chooseWhereToRun(FxRobot robot) {}

  /** Whether Stop takes a savepoint, which the next start resumes from: on a cluster; embedded cancels. */
  boolean stopsWithASavepoint() {
    return false;
  }

  @Test
  void followsTheTutorial() throws Exception {
    String language = language();
    FxToolkit.registerPrimaryStage();
    FxToolkit.setupFixture(() -> {
      stage = new Stage();
      wizard = TestWizards.show(stage, Locale.forLanguageTag(language), SampleDatabaseStarter.EMBEDDED,
          ConnectionTester.JDBC);
    });
    FxRobot robot = new FxRobot();
    assertThat(wizard.window().messages().locale()).isEqualTo(Localization.supportedLocaleFor(Locale.forLanguageTag(language)));

    robot.clickOn("#sampleDatabaseOption").clickOn("#startSampleButton");
    await(() -> wizard.viewModels().welcome().isValid());
    next(robot, WizardStep.CONNECT);

    robot.clickOn("#testButton");
    await(() -> wizard.viewModels().connect().isValid());
    next(robot, WizardStep.CHECK);

    await(() -> wizard.viewModels().check().isValid());
    assertThat(wizard.viewModels().check().results()).isNotEmpty();
    next(robot, WizardStep.TABLES);

    await(() -> !wizard.viewModels().tables().visibleTables().isEmpty());
    robot.clickOn("#patternField").write("public.orders");
    fire(robot, "#selectMatchesButton");
    assertThat(wizard.state().selectedTables()).containsExactly(new TableName("public", "orders"));
    next(robot, WizardStep.PUBLICATION);

    // Run is disabled until the publication's plan is read, which ends a moment after its SQL shows
    await(() -> !wizard.viewModels().publication().sqlBinding().get().isEmpty()
        && !wizard.viewModels().publication().busyProperty().get());
    assertThat(wizard.viewModels().publication().sqlBinding().get()).contains("CREATE PUBLICATION \"cdc_orders\"");
    fire(robot, "#runSqlButton");
    await(() -> wizard.viewModels().publication().isValid());
    next(robot, WizardStep.TARGET);

    checkpointEverySecond(robot);
    robot.interact(() -> robot.lookup("#warehouseField").queryAs(TextField.class).setText(warehouse.toString()));
    next(robot, WizardStep.REVIEW);

    await(() -> wizard.viewModels().review().isValid());
    assertThat(wizard.viewModels().review().yamlProperty().get()).contains("slot.name: cdc_orders", "ods.orders",
        "# " + ArtifactTexts.of(Locale.forLanguageTag(language)).get("yaml.source"));
    next(robot, WizardStep.LAUNCH);

    chooseWhereToRun(robot);
    fire(robot, "#startButton");
    await(() -> wizard.viewModels().launch().isValid());
    next(robot, WizardStep.MONITOR);

    awaitPreview(robot, List.of("101|Alice|29.90|NEW", "102|Bob|5.00|NEW"));
    await(() -> Boolean.TRUE.equals(wizard.viewModels().monitor().slot().activeProperty().get()));

    execute(wizard, "UPDATE public.orders SET amount = 39.90 WHERE id = 101",
        "DELETE FROM public.orders WHERE id = 102",
        "INSERT INTO public.orders VALUES (103, 'Carol', 12.50, 'NEW')");
    awaitPreview(robot, List.of("101|Alice|39.90|NEW", "103|Carol|12.50|NEW"));
    // issue 23: the table's health under its rows, in the UI's language
    assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#healthLabel").queryAs(Label.class).getText()).get())
        .startsWith(wizard.window().messages().get("health.title", "ods.orders",
            wizard.window().messages().get("health.verdict.healthy")));
    verifiesEveryRowWhileItStreams(robot);
    compactsWhileItStreams(robot);
    if (language().equals("en") && !stopsWithASavepoint()) {
      // once is enough: each visit runs the step's checks again (about 20 s in all)
      visitsEveryStepWhileItStreamsAndComesBack(robot);
    }

    fire(robot, "#stopButton");
    await(() -> Boolean.FALSE.equals(wizard.viewModels().monitor().slot().activeProperty().get()));
    startAgainAfterTheStop(robot);
    // Stop ends when the job is gone, which a cluster reports after the slot is already released
    await(() -> !wizard.viewModels().monitor().busyProperty().get());
    // the confirmation waits in showAndWait: fire without waiting for it, then confirm with Enter
    Button cleanUp = robot.lookup("#cleanUpButton").queryButton();
    Platform.runLater(cleanUp::fire);
    // looked up on the FX thread: the preview's refreshes change the scene graph under a test-thread lookup
    await(() -> WaitForAsyncUtils.asyncFx(() -> Window.getWindows().stream()
        .anyMatch(window -> window.getScene() != null && window.getScene().lookup("#cleanUpDialog") != null)).get());
    robot.type(KeyCode.ENTER);
    await(() -> wizard.viewModels().monitor().statusProperty().get() != null
        && wizard.viewModels().monitor().statusProperty().get().key().equals("wizard.monitor.dropped"));
    assertThat(slotCount()).isZero();
  }

  /**
   * Issue 12's blocker: back on the launch step, a pipeline the monitor stopped shows as stopped with no
   * error dialog (its status poll used to report one every second), and Start runs it again, resuming
   * where it stopped (from its savepoint on a cluster): the changes made while it was stopped reach the
   * preview.
   */
  private void startAgainAfterTheStop(FxRobot robot) throws Exception {
    if (stopsWithASavepoint()) {
      await(() -> wizard.state().resumeFromProperty().get().contains("savepoint-"));
    }
    execute(wizard, "UPDATE public.orders SET order_status = 'SHIPPED' WHERE id = 103",
        "INSERT INTO public.orders VALUES (104, 'Dan', 7.00, 'NEW')",
        "DELETE FROM public.orders WHERE id = 101");
    robot.clickOn("#backButton");
    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.LAUNCH);
    await(() -> wizard.viewModels().launch().statusProperty().get() == PipelineStatus.STOPPED);
    Thread.sleep(3000);
    String errorTitle = wizard.window().messages().get("error.title");
    assertThat(robot.listWindows()).as("no error dialog after a normal stop")
        .noneMatch(window -> window instanceof Stage shown && errorTitle.equals(shown.getTitle()));
    assertThat(robot.lookup("#startButton").queryButton().isDisabled()).isFalse();

    fire(robot, "#startButton");
    await(() -> wizard.viewModels().launch().isValid());
    assertThat(wizard.state().resumeFromProperty().get()).as("the savepoint is used up by the start").isEmpty();
    next(robot, WizardStep.MONITOR);
    awaitPreview(robot, List.of("103|Carol|12.50|SHIPPED", "104|Dan|7.00|NEW"));
    await(() -> Boolean.TRUE.equals(wizard.viewModels().monitor().slot().activeProperty().get()));
    fire(robot, "#stopButton");
    await(() -> Boolean.FALSE.equals(wizard.viewModels().monitor().slot().activeProperty().get()));
  }

  /**
   * Issue 22: with the pipeline running, every step the sidebar offers can be visited, each stays valid
   * (its own job's slot is no stranger's), and the monitor is one click away from each of them.
   */
  private void visitsEveryStepWhileItStreamsAndComesBack(FxRobot robot) throws Exception {
    for (WizardStep step : List.of(WizardStep.CHECK, WizardStep.TABLES, WizardStep.PUBLICATION, WizardStep.TARGET,
        WizardStep.REVIEW, WizardStep.LAUNCH)) {
      robot.interact(() -> wizard.navigator().jumpTo(step));
      assertThat(wizard.navigator().current()).isEqualTo(step);
      await(() -> WaitForAsyncUtils.asyncFx(() -> wizard.viewModels().byStep().get(step).isValid()
          && wizard.navigator().canJumpTo(WizardStep.MONITOR)).get());
    }
    robot.interact(() -> wizard.navigator().jumpTo(WizardStep.MONITOR));
    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.MONITOR);
    String errorTitle = wizard.window().messages().get("error.title");
    assertThat(robot.listWindows()).as("no error dialog on the way")
        .noneMatch(window -> window instanceof Stage shown && errorTitle.equals(shown.getTitle()));
    await(() -> Boolean.TRUE.equals(wizard.viewModels().monitor().slot().activeProperty().get()));
  }

  /** Issue 24: Verify compares every row at a position the running job has committed, in the UI's language. */
  private void verifiesEveryRowWhileItStreams(FxRobot robot) throws Exception {
    assertThat(verify(robot, wizard)).singleElement().satisfies(table -> {
      assertThat(table.target()).isEqualTo("ods.orders");
      assertThat(table.outcome()).isEqualTo(TableVerification.Outcome.EQUAL);
      assertThat(table.rowsCompared()).isEqualTo(2);
    });
    assertThat(wizard.viewModels().monitor().verify().statusProperty().get().key())
        .isEqualTo("wizard.monitor.verify.allEqual");
    assertThat(firstVerifyCell(robot, "verifyOutcomeColumn"))
        .isEqualTo(wizard.window().messages().get("wizard.monitor.verify.outcome.equal"));
    assertThat(firstVerifyCell(robot, "verifyDetailColumn")).isEmpty();
  }

  /** Issue 23: Compact now rewrites the table with its deletes applied while the job streams; its rows stay. */
  private void compactsWhileItStreams(FxRobot robot) throws Exception {
    TableCompactor compactor = wizard.viewModels().monitor().compactor();
    fire(robot, "#compactButton");
    await(() -> WaitForAsyncUtils.asyncFx(() -> compactor.saidProperty().get() != null).get());
    Message said = compactor.saidProperty().get();
    assertThat(said.key()).isEqualTo(MaintenanceMessage.COMPACTED.key());
    assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#compactedLabel").queryAs(Label.class).getText()).get())
        .isEqualTo(wizard.window().messages().format(said)).startsWith("ods.orders");
    assertThat(WaitForAsyncUtils.asyncFx(() -> compactor.progressProperty().get()).get()).as("every row written")
        .isEqualTo(1.0);
    assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#compactProgress").query().isVisible()).get())
        .as("shown only while it compacts").isFalse();
    awaitPreview(robot, List.of("101|Alice|39.90|NEW", "103|Carol|12.50|NEW"));
  }

  private void next(FxRobot robot, WizardStep expected) {
    robot.clickOn("#nextButton");
    assertThat(wizard.navigator().current()).isEqualTo(expected);
  }

  private long slotCount() throws Exception {
    try (Connection connection = wizard.state().connection().toEndpoint().connect(10);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM pg_replication_slots")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
