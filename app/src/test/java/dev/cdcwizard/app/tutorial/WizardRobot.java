package dev.cdcwizard.app.tutorial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.wizard.Wizard;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import javafx.scene.control.Spinner;
import javafx.scene.control.Button;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableView;
import dev.cdcwizard.app.step.monitor.VerifyWatch;
import dev.cdcwizard.engine.verify.TableVerification;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** What the tutorial scenarios do with the wizard: press a button, wait for it, read the preview, write SQL. */
final class WizardRobot {
  static final long STEP_SECONDS = 180;

  private WizardRobot() {}

  /**
   * Commits every second, as a user may choose on the target step: the journeys wait on commits, and the
   * engine's ITs checkpoint every second too.
   */
  static void checkpointEverySecond(FxRobot robot) {
    Spinner<Integer> checkpoints = robot.lookup("#checkpointSpinner").query();
    robot.interact(() -> checkpoints.getValueFactory().setValue(1));
  }

  static void fire(FxRobot robot, String query) {
    Button button = robot.lookup(query).queryButton();
    assertThat(button.isDisabled()).as(query + " enabled").isFalse();
    robot.interact(button::fire);
  }

  /** Until the monitor's preview shows {@code expected}: the tutorial's orders, one {@code a|b|c|d} line a row. */
  @SuppressWarnings("unchecked")
  static void awaitPreview(FxRobot robot, List<String> expected) throws TimeoutException {
    TableView<Map<String, Object>> table = robot.lookup("#previewTable").queryAs(TableView.class);
    // the items change on the FX thread every refresh: read them there, not from the test thread
    await(() -> WaitForAsyncUtils.asyncFx(() -> table.getItems().stream()
            .map(row -> List.of("id", "customer_name", "amount", "order_status").stream()
                .map(column -> String.valueOf(row.get(column))).collect(Collectors.joining("|")))
            .toList())
        .get().equals(expected));
  }

  static void await(Callable<Boolean> condition) throws TimeoutException {
    WaitForAsyncUtils.waitFor(STEP_SECONDS, TimeUnit.SECONDS, condition);
    WaitForAsyncUtils.waitForFxEvents();
  }

  /**
   * Verify in the monitor's Verify tab, until it has ended: what it found for each target table, read
   * on the FX thread once the comparison's last result is shown.
   */
  static List<TableVerification> verify(FxRobot robot, Wizard wizard) throws Exception {
    VerifyWatch verify = wizard.viewModels().monitor().verify();
    fire(robot, "#verifyButton");
    await(() -> WaitForAsyncUtils.asyncFx(() -> !verify.runningProperty().get()).get());
    assertThat(robot.lookup("#cancelVerifyButton").queryButton().isDisabled()).as("Cancel once it ended").isTrue();
    assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#verifyProgress").queryAs(ProgressBar.class)
        .getProgress()).get()).as("the progress bar full once every table is done").isEqualTo(1.0);
    return WaitForAsyncUtils.asyncFx(() -> List.copyOf(verify.results())).get();
  }

  /** The text the Verify tab's table shows in column {@code columnId} of its first row. */
  @SuppressWarnings("unchecked")
  static String firstVerifyCell(FxRobot robot, String columnId) throws Exception {
    TableView<TableVerification> table = robot.lookup("#verifyTable").queryAs(TableView.class);
    return WaitForAsyncUtils.asyncFx(() -> (String) table.getColumns().stream()
        .filter(column -> columnId.equals(column.getId())).findFirst().orElseThrow().getCellData(0)).get();
  }

  /** On the source database the wizard is connected to. */
  static void execute(Wizard wizard, String... statements) throws Exception {
    try (Connection connection = wizard.state().connection().toEndpoint().connect(10);
        Statement statement = connection.createStatement()) {
      for (String sql : statements) {
        statement.execute(sql);
      }
    }
  }
}
