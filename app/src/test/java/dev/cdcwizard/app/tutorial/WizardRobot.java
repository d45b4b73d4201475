package dev.cdcwizard.app.tutorial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
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

  static void next(FxRobot robot, Wizard wizard, WizardStep expected) {
    robot.clickOn("#nextButton");
    assertThat(wizard.navigator().current()).isEqualTo(expected);
  }

  /** Runs the SQL the publication step plans, once it has read the plan: Run is disabled until then. */
  static String runPublicationSql(FxRobot robot, Wizard wizard) throws TimeoutException {
    await(() -> !wizard.viewModels().publication().sqlBinding().get().isEmpty()
        && !wizard.viewModels().publication().busyProperty().get());
    String sql = wizard.viewModels().publication().sqlBinding().get();
    fire(robot, "#runSqlButton");
    await(() -> wizard.viewModels().publication().isValid());
    return sql;
  }

  /**
   * Until the lake's {@code target} holds {@code table}'s rows, no more and none twice, on {@code columns};
   * on a timeout, the two as they differ.
   */
  static void awaitSameRows(Wizard wizard, String table, String target, String... columns) throws Exception {
    try {
      await(() -> {
        // each look reads the source and the lake: twice a second, not at the robot's 10 ms
        Thread.sleep(500);
        return lakeRows(wizard, target, columns).equals(sourceRows(wizard, table, columns));
      });
    } catch (TimeoutException e) {
      assertThat(lakeRows(wizard, target, columns)).as(target + " row for row as " + table)
          .isEqualTo(sourceRows(wizard, table, columns));
      throw e;
    }
  }

  /** Every row of the source's {@code table} by id, one {@code a|b|c} line a row. */
  static List<String> sourceRows(Wizard wizard, String table, String... columns) throws Exception {
    List<String> rows = new ArrayList<>();
    try (Connection connection = wizard.state().connection().toEndpoint().connect(10);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT " + String.join(", ", columns) + " FROM " + table + " ORDER BY id")) {
      while (rs.next()) {
        List<String> values = new ArrayList<>();
        for (int i = 1; i <= columns.length; i++) {
          values.add(String.valueOf(rs.getObject(i)));
        }
        rows.add(String.join("|", values));
      }
    }
    return rows;
  }

  /** Every row the running pipeline's Iceberg {@code target} holds, deletes applied, as {@link #sourceRows} has them. */
  static List<String> lakeRows(Wizard wizard, String target, String... columns) {
    try (IcebergTablePreview lake = lake(wizard)) {
      return lake.rows(IcebergCatalogs.identifier(target), "id", Integer.MAX_VALUE).stream()
          .map(row -> List.of(columns).stream().map(column -> String.valueOf(row.get(column)))
              .collect(Collectors.joining("|")))
          .toList();
    }
  }

  /** The running pipeline's lake, read as the monitor reads it; close it. */
  static IcebergTablePreview lake(Wizard wizard) {
    PipelineRun run = wizard.state().pipelineRun().orElseThrow();
    return new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
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
