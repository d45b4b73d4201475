package dev.cdcwizard.app.tutorial;

import static dev.cdcwizard.app.tutorial.WizardRobot.await;
import static dev.cdcwizard.app.tutorial.WizardRobot.awaitSameRows;
import static dev.cdcwizard.app.tutorial.WizardRobot.checkpointEverySecond;
import static dev.cdcwizard.app.tutorial.WizardRobot.execute;
import static dev.cdcwizard.app.tutorial.WizardRobot.fire;
import static dev.cdcwizard.app.tutorial.WizardRobot.lake;
import static dev.cdcwizard.app.tutorial.WizardRobot.next;
import static dev.cdcwizard.app.tutorial.WizardRobot.runPublicationSql;
import static dev.cdcwizard.app.tutorial.WizardRobot.sourceRows;
import static dev.cdcwizard.app.tutorial.WizardRobot.verify;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.cdcwizard.app.step.connect.ConnectionTester;
import dev.cdcwizard.app.step.launch.PipelineStatus;
import dev.cdcwizard.app.step.launch.TableProgress;
import dev.cdcwizard.app.step.monitor.VerifyWatch;
import dev.cdcwizard.app.step.tables.SourceTable;
import dev.cdcwizard.app.step.welcome.SampleDatabaseStarter;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.preview.SnapshotEntry;
import dev.cdcwizard.engine.verify.TableVerification;
import dev.cdcwizard.i18n.Message;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 22: a table added to a running pipeline, through the wizard on the embedded Flink. Given one more
 * table on the table step and in its publication while it streams, the launch step offers to apply it:
 * the job restarts from its latest checkpoint without Start over, orders keeps its commits and every
 * change, customers is copied on its own, and both stream on. Stopped again, the lake left stale by
 * changes made meanwhile is made equal by the monitor's Repair.
 */
class AddedTableWizardIT {
  private static final String[] ORDER_COLUMNS = {"id", "customer_name", "amount", "order_status"};
  private static final String[] CUSTOMER_COLUMNS = {"id", "name", "city"};
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
  private Stage stage;
  private Wizard wizard;

  @AfterEach
  void close() throws TimeoutException {
    if (wizard != null) {
      FxToolkit.setupFixture(() -> {
        wizard.close();
        stage.close();
      });
    }
  }

  @Test
  void aTableAddedWhileThePipelineRunsIsCopiedAloneAndTheOthersStreamOn() throws Exception {
    FxToolkit.registerPrimaryStage();
    FxToolkit.setupFixture(() -> {
      stage = new Stage();
      wizard = TestWizards.show(stage, Locale.ENGLISH, SampleDatabaseStarter.EMBEDDED, ConnectionTester.JDBC);
    });
    FxRobot robot = new FxRobot();
    robot.clickOn("#sampleDatabaseOption").clickOn("#startSampleButton");
    await(() -> wizard.viewModels().welcome().isValid());
    next(robot, wizard, WizardStep.CONNECT);
    robot.clickOn("#testButton");
    await(() -> wizard.viewModels().connect().isValid());
    // the sample database holds orders alone: a second table, listed from the start but left out at first,
    // and orders enough that a second copy of them could not hide among the changes
    execute(wizard, "CREATE TABLE public.customers (id bigint PRIMARY KEY, name varchar(100) NOT NULL, city text)",
        "ALTER TABLE public.customers REPLICA IDENTITY FULL",
        "INSERT INTO public.customers SELECT g, 'customer ' || g, 'city ' || g % 7 FROM generate_series(1, 40) g",
        "INSERT INTO public.orders SELECT g, 'customer ' || g, g, 'NEW' FROM generate_series(200, 239) g");
    next(robot, wizard, WizardStep.CHECK);
    await(() -> wizard.viewModels().check().isValid());
    next(robot, wizard, WizardStep.TABLES);
    await(() -> wizard.viewModels().tables().visibleTables().size() == 2);
    robot.clickOn("#patternField").write("public.orders");
    fire(robot, "#selectMatchesButton");
    assertThat(wizard.state().selectedTables()).containsExactly(new TableName("public", "orders"));
    next(robot, wizard, WizardStep.PUBLICATION);
    assertThat(runPublicationSql(robot, wizard)).contains("CREATE PUBLICATION \"cdc_orders\"");
    next(robot, wizard, WizardStep.TARGET);
    checkpointEverySecond(robot);
    robot.interact(() -> robot.lookup("#warehouseField").queryAs(TextField.class).setText(warehouse.toString()));
    launch(robot);
    next(robot, wizard, WizardStep.MONITOR);
    awaitSameRows(wizard, "public.orders", "ods.orders", ORDER_COLUMNS);
    List<Long> ordersCommits = ordersCommits().stream().map(SnapshotEntry::id).toList();
    // a stop with a savepoint needs the job's tasks running, which they are once its source reads the slot
    await(() -> Boolean.TRUE.equals(wizard.viewModels().monitor().slot().activeProperty().get()));

    execute(wizard, "UPDATE public.orders SET order_status = 'PAID' WHERE id = 101",
        "DELETE FROM public.orders WHERE id = 200", "INSERT INTO public.orders VALUES (300, 'Erin', 3.00, 'NEW')");
    robot.clickOn(robot.lookup("#stepList").queryAs(VBox.class).getChildren().get(WizardStep.TABLES.ordinal()));
    assertThat(wizard.navigator().current()).isEqualTo(WizardStep.TABLES);
    robot.clickOn(checkBoxOf(robot, "customers"));
    assertThat(wizard.state().selectedTables())
        .containsExactlyInAnyOrder(new TableName("public", "orders"), new TableName("public", "customers"));
    await(() -> wizard.viewModels().tables().isValid());
    next(robot, wizard, WizardStep.PUBLICATION);
    assertThat(wizard.state().slotNameProperty().get()).as("the slot that holds the pipeline's place")
        .isEqualTo("cdc_orders");
    assertThat(runPublicationSql(robot, wizard)).contains("ALTER PUBLICATION \"cdc_orders\" ADD TABLE", "customers");
    next(robot, wizard, WizardStep.TARGET);
    next(robot, wizard, WizardStep.REVIEW);
    await(() -> wizard.viewModels().review().isValid());
    assertThat(wizard.viewModels().review().yamlProperty().get()).contains("sink-table: ods.customers");
    next(robot, wizard, WizardStep.LAUNCH);
    // the job still runs: Start is not offered, applying the added table is
    assertThat(wizard.viewModels().launch().canStartBinding().get()).isFalse();
    await(() -> !robot.lookup("#applyTablesButton").queryButton().isDisabled()
        && robot.lookup("#applyTablesButton").queryButton().isVisible());
    assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#tableSetLabel").queryAs(Label.class).getText()).get())
        .contains("public.customers");
    fire(robot, "#applyTablesButton");
    // the job now captures both: nothing more to apply
    await(() -> WaitForAsyncUtils.asyncFx(() -> wizard.viewModels().launch().tableSet().changeBinding().get() == null
        && wizard.viewModels().launch().statusProperty().get() == PipelineStatus.STREAMING).get());
    assertThat(WaitForAsyncUtils.asyncFx(() -> List.copyOf(wizard.viewModels().launch().progress())).get())
        .as("orders, copied by the run before, is no table of 0 rows copied")
        .extracting(TableProgress::table, TableProgress::copiedEarlier)
        .containsExactlyInAnyOrder(tuple("public.orders", true), tuple("public.customers", false));

    List<Message> notes = wizard.viewModels().launch().startNotes();
    assertThat(notes).extracting(Message::key).contains("run.resume.from", "run.tables.added")
        .doesNotContain("run.fresh.emptied", "run.snapshot.own");
    Message added = notes.stream().filter(note -> note.key().equals("run.tables.added")).findFirst().orElseThrow();
    assertThat(WaitForAsyncUtils.asyncFx(() -> robot.lookup("#startNotesLabel").queryAs(Label.class).getText()).get())
        .contains(wizard.window().messages().format(added)).contains("public.customers");
    next(robot, wizard, WizardStep.MONITOR);
    awaitSameRows(wizard, "public.customers", "ods.customers", CUSTOMER_COLUMNS);
    awaitSameRows(wizard, "public.orders", "ods.orders", ORDER_COLUMNS);
    List<SnapshotEntry> resumed = ordersCommits();
    assertThat(resumed.stream().map(SnapshotEntry::id).toList()).as("orders keeps its commits").endsWith(
        ordersCommits.toArray(Long[]::new));
    assertThat(resumed.subList(0, resumed.size() - ordersCommits.size()).stream().mapToLong(SnapshotEntry::addedRecords)
        .sum()).as("no commit since the restart copies orders again")
        .isLessThan(sourceRows(wizard, "public.orders", "id").size());

    execute(wizard, "UPDATE public.orders SET amount = 1.50 WHERE id = 102", "DELETE FROM public.orders WHERE id = 201",
        "INSERT INTO public.orders VALUES (301, 'Finn', 4.00, 'NEW')",
        "UPDATE public.customers SET city = 'Lyon' WHERE id = 1", "DELETE FROM public.customers WHERE id = 2",
        "INSERT INTO public.customers VALUES (41, 'Gail', NULL)");
    awaitSameRows(wizard, "public.orders", "ods.orders", ORDER_COLUMNS);
    awaitSameRows(wizard, "public.customers", "ods.customers", CUSTOMER_COLUMNS);
    assertThat(verify(robot, wizard)).as("the monitor's Verify, every row of both")
        .extracting(TableVerification::target, TableVerification::outcome, TableVerification::rowsCompared)
        .containsExactlyInAnyOrder(tuple("ods.orders", TableVerification.Outcome.EQUAL, 42L),
            tuple("ods.customers", TableVerification.Outcome.EQUAL, 40L));
    repairsTheLakeOnceTheJobHasEnded(robot);
    anotherDatabaseShowsNothingOfThePipelineBefore(robot);
  }

  /**
   * Issue 22: after a pipeline that ran and was stopped, another database. Nothing derived from the pipeline
   * before shows: the names follow the new tables, the launch step lists none of the old tables, says nothing
   * of the old start and offers no savepoint; the monitor says nothing of the old stop.
   */
  private void anotherDatabaseShowsNothingOfThePipelineBefore(FxRobot robot) throws Exception {
    execute(wizard, "CREATE DATABASE shop");
    robot.clickOn(robot.lookup("#stepList").queryAs(VBox.class).getChildren().get(WizardStep.CONNECT.ordinal()));
    robot.interact(() -> wizard.state().connection().databaseProperty().set("shop"));
    execute(wizard, "CREATE TABLE public.items (id bigint PRIMARY KEY, name text)",
        "ALTER TABLE public.items REPLICA IDENTITY FULL", "INSERT INTO public.items VALUES (1, 'pen')");
    robot.clickOn("#testButton");
    await(() -> wizard.viewModels().connect().isValid());
    next(robot, wizard, WizardStep.CHECK);
    await(() -> wizard.viewModels().check().isValid());
    next(robot, wizard, WizardStep.TABLES);
    await(() -> wizard.viewModels().tables().visibleTables().size() == 1);
    robot.clickOn(checkBoxOf(robot, "items"));
    assertThat(wizard.state().selectedTables()).containsExactly(new TableName("public", "items"));
    assertThat(wizard.state().slotNameProperty().get()).isEqualTo("cdc_items");
    assertThat(wizard.state().publicationNameProperty().get()).isEqualTo("cdc_items");
    next(robot, wizard, WizardStep.PUBLICATION);
    assertThat(runPublicationSql(robot, wizard)).contains("CREATE PUBLICATION \"cdc_items\"");
    next(robot, wizard, WizardStep.TARGET);
    next(robot, wizard, WizardStep.REVIEW);
    await(() -> wizard.viewModels().review().isValid());
    next(robot, wizard, WizardStep.LAUNCH);
    var launch = wizard.viewModels().launch();
    // the step learns at its first look at the old run that it has ended, and then forgets it
    await(() -> WaitForAsyncUtils.asyncFx(() -> launch.statusProperty().get() == PipelineStatus.NOT_STARTED).get());
    assertThat(WaitForAsyncUtils.asyncFx(() -> List.copyOf(launch.progress())).get()).as("the old tables").isEmpty();
    assertThat(launch.startNotes()).as("the old start's notes").isEmpty();
    assertThat(launch.resumeFromProperty().get()).isEmpty();
    assertThat(launch.canStartBinding().get()).isTrue();
  }

  /** Issue 24: changes made while the job is stopped leave the lake stale; the monitor's Repair makes it equal. */
  private void repairsTheLakeOnceTheJobHasEnded(FxRobot robot) throws Exception {
    fire(robot, "#stopButton");
    await(() -> Boolean.FALSE.equals(wizard.viewModels().monitor().slot().activeProperty().get())
        && !wizard.viewModels().monitor().busyProperty().get());
    execute(wizard, "UPDATE public.customers SET city = 'Nice' WHERE id = 3", "DELETE FROM public.orders WHERE id = 203");
    assertThat(verify(robot, wizard)).extracting(TableVerification::outcome)
        .containsOnly(TableVerification.Outcome.DIFFERENT);
    VerifyWatch verify = wizard.viewModels().monitor().verify();
    assertThat(verify.repairableProperty().get()).as("an Iceberg target is repaired too").isTrue();
    await(() -> !robot.lookup("#repairButton").queryButton().isDisabled());
    fire(robot, "#repairButton");
    await(() -> WaitForAsyncUtils.asyncFx(() -> !verify.runningProperty().get()).get());
    assertThat(verify.statusProperty().get().key()).isEqualTo("wizard.monitor.verify.repaired");
    awaitSameRows(wizard, "public.orders", "ods.orders", ORDER_COLUMNS);
    awaitSameRows(wizard, "public.customers", "ods.customers", CUSTOMER_COLUMNS);
  }

  /** From the target step through Review to Start, as it comes: never Start over. */
  private void launch(FxRobot robot) throws TimeoutException {
    next(robot, wizard, WizardStep.REVIEW);
    await(() -> wizard.viewModels().review().isValid());
    assertThat(wizard.viewModels().review().yamlProperty().get()).contains("slot.name: cdc_orders");
    next(robot, wizard, WizardStep.LAUNCH);
    // a run stopped from the monitor shows as stopped before Start is enabled again
    await(() -> wizard.viewModels().launch().canStartBinding().get());
    assertThat(wizard.viewModels().launch().startOverProperty().get()).isFalse();
    fire(robot, "#startButton");
    await(() -> wizard.viewModels().launch().isValid());
  }

  @SuppressWarnings("unchecked")
  private static Node checkBoxOf(FxRobot robot, String table) {
    TableRow<SourceTable> row = robot.from(robot.lookup("#tableList").queryAs(Node.class)).lookup(".table-row-cell")
        .match((TableRow<SourceTable> candidate) -> candidate.getItem() != null && candidate.getItem().name().equals(table))
        .query();
    return robot.from(row).lookup(".check-box").queryAs(CheckBox.class);
  }

  /** The lake's commits to ods.orders, newest first. */
  private List<SnapshotEntry> ordersCommits() {
    try (IcebergTablePreview lake = lake(wizard)) {
      return lake.snapshots(ODS_ORDERS);
    }
  }
}
