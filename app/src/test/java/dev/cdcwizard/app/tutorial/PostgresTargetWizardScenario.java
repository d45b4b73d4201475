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
import dev.cdcwizard.app.step.monitor.VerifyWatch;
import dev.cdcwizard.app.step.welcome.SampleDatabaseStarter;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.engine.verify.TableVerification;
import dev.cdcwizard.i18n.Localization;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 11's wizard test: the tutorial's orders from the sample database into another PostgreSQL
 * server (a second embedded one), driven through the wizard to the monitor, whose preview reads the
 * target database and sees the tutorial's update, delete and insert arrive.
 */
abstract class PostgresTargetWizardScenario {
  private static final String TARGET_DATABASE = "copy";

  private EmbeddedPostgresServer target;
  private Stage stage;
  private Wizard wizard;

  abstract String language();

  @BeforeEach
  void startTheTarget() throws Exception {
    // the target needs no logical decoding: nothing reads its WAL
    target = EmbeddedPostgresServer.builder().setting("wal_level", "replica").start();
    target.createDatabase(TARGET_DATABASE);
  }

  @AfterEach
  void close() throws TimeoutException {
    if (wizard != null) {
      FxToolkit.setupFixture(() -> {
        wizard.close();
        stage.close();
      });
    }
    target.close();
  }

  @Test
  void replicatesTheTutorialsOrdersIntoAnotherPostgres() throws Exception {
    FxToolkit.registerPrimaryStage();
    FxToolkit.setupFixture(() -> {
      stage = new Stage();
      wizard = TestWizards.show(stage, Locale.forLanguageTag(language()), SampleDatabaseStarter.EMBEDDED,
          ConnectionTester.JDBC);
    });
    FxRobot robot = new FxRobot();
    assertThat(wizard.window().messages().locale())
        .isEqualTo(Localization.supportedLocaleFor(Locale.forLanguageTag(language())));
    throughThePublication(robot);

    robot.clickOn("#postgresOption");
    robot.interact(() -> {
      text(robot, "#hostField").setText(target.host());
      text(robot, "#portField").setText(Integer.toString(target.port()));
      text(robot, "#databaseField").setText(TARGET_DATABASE);
      text(robot, "#userField").setText(EmbeddedPostgresServer.SUPERUSER);
      wizard.state().target().postgres().sslModeProperty().set(SslMode.DISABLE);
    });
    fire(robot, "#postgresTestButton");
    await(() -> wizard.viewModels().target().isValid());
    assertThat(robot.lookup("#postgresTestResult").queryAs(Label.class).getText()).contains("16.");
    assertThat(robot.lookup("#ddlArea").queryAs(TextArea.class).getText()).contains(
        "CREATE SCHEMA IF NOT EXISTS \"ods\"", "CREATE TABLE IF NOT EXISTS \"ods\".\"orders\"",
        "\"amount\" numeric(10,2) NOT NULL", "PRIMARY KEY (\"id\")");
    assertThat(tableCount()).as("nothing created before the launch").isZero();
    next(robot, WizardStep.REVIEW);

    await(() -> wizard.viewModels().review().isValid());
    assertThat(wizard.viewModels().review().yamlProperty().get())
        .contains("type: postgres", "database: " + TARGET_DATABASE, "port: " + target.port(),
            "password: ${SINK_PASSWORD}", "sink-table: ods.orders");
    next(robot, WizardStep.LAUNCH);

    fire(robot, "#startButton");
    await(() -> wizard.viewModels().launch().isValid());
    next(robot, WizardStep.MONITOR);

    awaitPreview(robot, List.of("101|Alice|29.90|NEW", "102|Bob|5.00|NEW"));
    await(() -> rowCounts(robot).contains("2"));
    execute(wizard, "UPDATE public.orders SET amount = 39.90 WHERE id = 101",
        "DELETE FROM public.orders WHERE id = 102",
        "INSERT INTO public.orders VALUES (103, 'Carol', 12.50, 'NEW')");
    awaitPreview(robot, List.of("101|Alice|39.90|NEW", "103|Carol|12.50|NEW"));
    assertThat(targetRows()).containsExactly("(101,Alice,39.90,NEW)", "(103,Carol,12.50,NEW)");
    // issue 23: the target table's health from its statistics; compacting is Iceberg's, so no Compact now
    await(() -> WaitForAsyncUtils.asyncFx(() -> robot.lookup("#healthLabel").queryAs(Label.class).getText()).get()
        .startsWith(wizard.window().messages().get("health.title", "ods.orders",
            wizard.window().messages().get("health.verdict.healthy"))));
    assertThat(robot.lookup("#compactButton").queryButton().isVisible()).isFalse();
    assertThat(verify(robot, wizard)).as("the tutorial's rows verified equal while the job streams")
        .singleElement().satisfies(table -> {
          assertThat(table.outcome()).isEqualTo(TableVerification.Outcome.EQUAL);
          assertThat(table.rowsCompared()).isEqualTo(2);
        });
    findsARowChangedInTheTargetBehindThePipelinesBack(robot);

    fire(robot, "#stopButton");
    await(() -> Boolean.FALSE.equals(wizard.viewModels().monitor().slot().activeProperty().get()));
    repairsItOnceTheJobHasEnded(robot);
  }

  /** Issue 24: with the job stopped, Repair rewrites the target's row from the source, and they are equal. */
  private void repairsItOnceTheJobHasEnded(FxRobot robot) throws Exception {
    VerifyWatch verify = wizard.viewModels().monitor().verify();
    assertThat(verify.repairableProperty().get()).isTrue();
    await(() -> !robot.lookup("#repairButton").queryButton().isDisabled());
    fire(robot, "#repairButton");
    await(() -> WaitForAsyncUtils.asyncFx(() -> !verify.runningProperty().get()).get());
    assertThat(verify.statusProperty().get().key()).isEqualTo("wizard.monitor.verify.repaired");
    assertThat(targetRows()).containsExactly("(101,Alice,39.90,NEW)", "(103,Carol,12.50,NEW)");
    assertThat(verify.repairableProperty().get()).isFalse();
  }

  /** Issue 24: Verify names the key and the column of a target row the pipeline did not write. */
  private void findsARowChangedInTheTargetBehindThePipelinesBack(FxRobot robot) throws Exception {
    try (Connection connection = target.connect(TARGET_DATABASE); Statement statement = connection.createStatement()) {
      statement.execute("UPDATE ods.orders SET order_status = 'LOST' WHERE id = 103");
    }
    assertThat(verify(robot, wizard)).singleElement().satisfies(table -> {
      assertThat(table.outcome()).isEqualTo(TableVerification.Outcome.DIFFERENT);
      assertThat(table.different()).isEqualTo(1);
      assertThat(table.examples()).singleElement().satisfies(row -> {
        assertThat(row.key()).isEqualTo("103");
        assertThat(row.columns()).containsExactly("order_status");
      });
    });
    assertThat(firstVerifyCell(robot, "verifyDetailColumn"))
        .contains(wizard.window().messages().get("wizard.monitor.verify.differentKey", "103", "order_status"));
    assertThat(wizard.viewModels().monitor().verify().statusProperty().get().key())
        .isEqualTo("wizard.monitor.verify.someDifferent");
  }

  private void throughThePublication(FxRobot robot) throws TimeoutException {
    robot.clickOn("#sampleDatabaseOption").clickOn("#startSampleButton");
    await(() -> wizard.viewModels().welcome().isValid());
    next(robot, WizardStep.CONNECT);
    robot.clickOn("#testButton");
    await(() -> wizard.viewModels().connect().isValid());
    next(robot, WizardStep.CHECK);
    await(() -> wizard.viewModels().check().isValid());
    next(robot, WizardStep.TABLES);
    await(() -> !wizard.viewModels().tables().visibleTables().isEmpty());
    robot.clickOn("#patternField").write("public.orders");
    fire(robot, "#selectMatchesButton");
    next(robot, WizardStep.PUBLICATION);
    // Run is disabled until the publication's plan is read, which ends a moment after its SQL shows
    await(() -> !wizard.viewModels().publication().sqlBinding().get().isEmpty()
        && !wizard.viewModels().publication().busyProperty().get());
    fire(robot, "#runSqlButton");
    await(() -> wizard.viewModels().publication().isValid());
    next(robot, WizardStep.TARGET);
    checkpointEverySecond(robot);
  }

  private static TextField text(FxRobot robot, String query) {
    return robot.lookup(query).queryAs(TextField.class);
  }

  private void next(FxRobot robot, WizardStep expected) {
    robot.clickOn("#nextButton");
    assertThat(wizard.navigator().current()).isEqualTo(expected);
  }

  private static String rowCounts(FxRobot robot) throws Exception {
    return WaitForAsyncUtils.asyncFx(() -> robot.lookup("#rowCountsLabel").queryAs(Label.class).getText()).get();
  }

  private long tableCount() throws Exception {
    try (Connection connection = target.connect(TARGET_DATABASE); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT count(*) FROM pg_tables WHERE schemaname = 'ods'")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private List<String> targetRows() throws Exception {
    List<String> rows = new ArrayList<>();
    try (Connection connection = target.connect(TARGET_DATABASE); Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT ROW(o.*)::text FROM ods.orders o ORDER BY id")) {
      while (rs.next()) {
        rows.add(rs.getString(1));
      }
    }
    return rows;
  }
}
