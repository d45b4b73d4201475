package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.ClusterJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.TableView;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The launch step's controls in each status; the statuses are set here, as a pipeline run would set them. */
@ExtendWith(ApplicationExtension.class)
class LaunchStepTest {
  private static final Map<PipelineStatus, String> TEXTS = Map.of(
      PipelineStatus.NOT_STARTED, "Not started",
      PipelineStatus.STARTING, "Starting…",
      PipelineStatus.SNAPSHOT, "Copying the initial snapshot",
      PipelineStatus.STREAMING, "Streaming changes",
      PipelineStatus.RESTARTING, "Restarting after an error (Flink retries 10 times, 5 s apart)",
      PipelineStatus.STOPPED, "Stopped",
      PipelineStatus.FAILED, "Failed");

  private Wizard wizard;

  @Start
  void start(Stage stage) {
    wizard = TestWizards.show(stage);
    wizard.navigator().goTo(WizardStep.LAUNCH);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void startIsOfferedWhileNoPipelineStartsOrRuns(FxRobot robot) {
    for (PipelineStatus status : PipelineStatus.values()) {
      robot.interact(() -> wizard.viewModels().launch().statusProperty().set(status));

      boolean startable = status == PipelineStatus.NOT_STARTED || status == PipelineStatus.STOPPED
          || status == PipelineStatus.FAILED;
      assertThat(robot.lookup("#startButton").queryButton().isDisabled()).as(status.name()).isEqualTo(!startable);
      assertThat(robot.lookup("#startProgress").queryAs(ProgressIndicator.class).isVisible()).as(status.name())
          .isEqualTo(status == PipelineStatus.STARTING);
      assertThat(robot.lookup("#statusLabel").queryAs(Label.class).getText()).isEqualTo(TEXTS.get(status));
    }
  }

  @Test
  void nextWaitsForARunningPipeline(FxRobot robot) {
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();

    robot.interact(() -> wizard.viewModels().launch().statusProperty().set(PipelineStatus.SNAPSHOT));

    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();
  }

  @Test
  void aTableNeverAnalyzedHasAnUnknownEstimateNotMinusOne(FxRobot robot) {
    robot.interact(() -> wizard.viewModels().launch().progress().setAll(
        new TableProgress("public.orders", 12, -1), new TableProgress("public.items", 3, 1500)));

    assertThat(robot.lookup("unknown").tryQuery()).isPresent();
    assertThat(robot.lookup("1,500").tryQuery()).isPresent();
    assertThat(robot.lookup("-1").tryQuery()).isEmpty();
  }

  @Test
  void theTargetIsChosenBeforeTheStartAndARemoteClusterAsksForItsAddress(FxRobot robot) {
    ComboBox<?> targets = robot.lookup("#targetChoice").queryComboBox();
    assertThat(targets.getItems()).hasSize(3);
    assertThat(targets.getValue()).isEqualTo(LaunchTarget.EMBEDDED);
    assertThat(robot.lookup("#restAddressField").query().isVisible()).isFalse();

    robot.interact(() -> wizard.viewModels().launch().targetProperty().set(LaunchTarget.REMOTE_CLUSTER));
    assertThat(robot.lookup("#restAddressField").query().isVisible()).isTrue();
    assertThat(robot.lookup("#restAddressError").queryAs(Label.class).getText()).contains("http://flink-host:8081");
    assertThat(robot.lookup("#startButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#startOverBox").query().isDisabled()).as("start over is the embedded engine's").isTrue();

    robot.clickOn("#restAddressField").write("http://flink-host:8081");
    assertThat(robot.lookup("#restAddressError").query().isVisible()).isFalse();
    assertThat(robot.lookup("#startButton").queryButton().isDisabled()).isFalse();

    robot.interact(() -> wizard.viewModels().launch().statusProperty().set(PipelineStatus.STREAMING));
    assertThat(targets.isDisabled()).as("a running pipeline stays where it started").isTrue();
  }

  @Test
  void aClusterShowsWhatTheStartResumesFromAndItsJobs(FxRobot robot) {
    assertThat(robot.lookup("#resumeFromRow").query().isVisible()).as("embedded finds its checkpoint itself").isFalse();
    assertThat(robot.lookup("#clusterJobsBox").query().isVisible()).isFalse();

    robot.interact(() -> {
      wizard.state().resumeFromProperty().set("file:/flink/savepoints/savepoint-1");
      wizard.viewModels().launch().targetProperty().set(LaunchTarget.REMOTE_CLUSTER);
      wizard.viewModels().launch().jobs().jobs().setAll(FakeLauncher.LISTED);
      // after the target: a usable address would have the real launcher ask that cluster
      wizard.viewModels().launch().restAddressProperty().set("http://flink-host:8081");
    });

    assertThat(robot.lookup("#resumeFromField").queryAs(TextField.class).getText())
        .isEqualTo("file:/flink/savepoints/savepoint-1");
    assertThat(robot.lookup("#clusterJobsBox").query().isVisible()).isTrue();
    assertThat(robot.lookup(FakeLauncher.LISTED.id()).tryQuery()).isPresent();
    assertThat(robot.lookup("RUNNING").tryQuery()).isPresent();
    assertThat(robot.lookup("#followJobButton").queryButton().isDisabled()).as("no job chosen").isTrue();
    robot.interact(() -> robot.lookup("#clusterJobsTable").queryTableView().getSelectionModel().select(0));
    assertThat(robot.lookup("#followJobButton").queryButton().isDisabled()).isFalse();

    robot.interact(() -> wizard.viewModels().launch().statusProperty().set(PipelineStatus.SNAPSHOT));
    assertThat(robot.lookup("#resumeFromField").query().isDisabled()).as("fixed while the pipeline runs").isTrue();
    assertThat(robot.lookup("#followJobButton").queryButton().isDisabled()).as("the wizard follows its own").isTrue();
  }

  @Test
  void aRunningListedJobIsStoppedOrCancelledOnlyOnceTheDialogNamingItIsConfirmed(FxRobot robot) throws Exception {
    ClusterJob finished = new ClusterJob("9d0b7c0000000000000000000000beef", "earlier-run", "FINISHED",
        FakeLauncher.LISTED.started());
    robot.interact(() -> {
      wizard.viewModels().launch().targetProperty().set(LaunchTarget.REMOTE_CLUSTER);
      wizard.viewModels().launch().jobs().jobs().setAll(FakeLauncher.LISTED, finished);
      wizard.viewModels().launch().restAddressProperty().set("http://flink-host:8081");
    });
    Button stop = robot.lookup("#stopListedJobButton").queryButton();
    Button cancel = robot.lookup("#cancelListedJobButton").queryButton();
    assertThat(stop.isDisabled()).as("no job chosen").isTrue();
    TableView<?> table = robot.lookup("#clusterJobsTable").queryTableView();
    robot.interact(() -> table.getSelectionModel().select(1));
    assertThat(stop.isDisabled()).as("a job that ended").isTrue();
    assertThat(cancel.isDisabled()).isTrue();
    robot.interact(() -> table.getSelectionModel().select(0));
    assertThat(stop.isDisabled()).isFalse();
    assertThat(cancel.isDisabled()).isFalse();

    for (var dialog : Map.of(stop, "#stopListedJobDialog", cancel, "#cancelListedJobDialog").entrySet()) {
      // the dialog waits in showAndWait: fire without waiting for it
      Platform.runLater(dialog.getKey()::fire);
      WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> robot.lookup(dialog.getValue()).tryQuery().isPresent());
      DialogPane pane = robot.lookup(dialog.getValue()).queryAs(DialogPane.class);
      assertThat(pane.getContentText()).contains(FakeLauncher.LISTED.name(), FakeLauncher.LISTED.id());
      ButtonType keep = pane.getButtonTypes().stream().filter(type -> type.getText().equals("Keep it running"))
          .findFirst().orElseThrow();
      // a click could find the button before its window shows; firing it answers the dialog alike
      robot.interact(((Button) pane.lookupButton(keep))::fire);
      WaitForAsyncUtils.waitForFxEvents();
      assertThat(robot.lookup(dialog.getValue()).tryQuery()).isEmpty();
    }
    assertThat(wizard.viewModels().launch().endingJobProperty().get()).as("nothing asked of the cluster").isFalse();
    assertThat(wizard.viewModels().launch().endedJobProperty().get()).isNull();
  }

  @Test
  void theWebUiLinkShowsOnceThePipelineRuns(FxRobot robot) {
    Hyperlink link = robot.lookup("#webUiLink").queryAs(Hyperlink.class);
    assertThat(link.isVisible()).isFalse();

    robot.interact(() -> wizard.viewModels().launch().webUiProperty().set("http://localhost:8081"));

    assertThat(link.isVisible()).isTrue();
    assertThat(link.getText()).isEqualTo("http://localhost:8081");
  }
}
