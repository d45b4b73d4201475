package dev.cdcwizard.app.step.publication;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.FakeSourceDatabase;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.publication.PublicationInfo;
import dev.cdcwizard.i18n.Localization;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The publication step on a source without PostgreSQL: the engine's plans, shown as SQL, run on "Run". */
@ExtendWith(ApplicationExtension.class)
class PublicationStepTest {
  private static final TableName ORDERS = new TableName("public", "orders");
  private static final TableName ITEMS = new TableName("public", "items");

  private final FakeSourceDatabase database = new FakeSourceDatabase();
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    wizard = TestWizards.showConnected(stage, database);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void theSqlShowsBeforeItRunsAndNextWaitsForIt(FxRobot robot) throws TimeoutException {
    open(robot, "public.orders");

    assertThat(robot.lookup("#publicationField").queryAs(TextField.class).getText()).isEqualTo("cdc_orders");
    assertThat(robot.lookup("#slotField").queryAs(TextField.class).getText()).isEqualTo("cdc_orders");
    assertThat(shown(robot, "#sqlArea")).isTrue();
    assertThat(robot.lookup("#sqlArea").queryAs(TextArea.class).getText()).isEqualTo(
        "CREATE PUBLICATION \"cdc_orders\" FOR TABLE \"public\".\"orders\" WITH (publish_via_partition_root = true);\n");
    assertThat(status(robot)).isEqualTo(
        "The publication does not hold exactly the chosen tables yet. Check the SQL below, then run it.");
    assertThat(database.executed()).as("nothing runs before the user agrees").isEmpty();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();

    robot.clickOn("#runSqlButton");
    awaitAnswer();

    assertThat(database.executed()).hasSize(1);
    assertThat(status(robot)).isEqualTo("Publication cdc_orders holds exactly the chosen tables.");
    assertThat(shown(robot, "#sqlArea")).as("nothing left to run").isFalse();
    assertThat(shown(robot, "#runSqlButton")).isFalse();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();
  }

  @Test
  void anExistingPublicationIsChangedToHoldTheChosenTablesOrReusedAsItIs(FxRobot robot) throws TimeoutException {
    database.publication(new PublicationInfo("cdc_orders", "postgres", false, true, true, true, true,
        List.of(ORDERS, ITEMS)));
    open(robot, "public.orders");

    assertThat(robot.lookup("#sqlArea").queryAs(TextArea.class).getText())
        .isEqualTo("ALTER PUBLICATION \"cdc_orders\" DROP TABLE \"public\".\"items\";\n");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();

    robot.clickOn("#reuseOption");
    awaitAnswer();

    assertThat(status(robot)).isEqualTo("Publication cdc_orders exists and will be used as it is.");
    assertThat(shown(robot, "#sqlArea")).isFalse();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();

    retype(robot, "#publicationField", "other_pub");
    awaitAnswer();

    assertThat(status(robot)).isEqualTo(
        "There is no publication other_pub. Choose to create it, or enter the name of an existing one.");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
    assertThat(database.executed()).isEmpty();
  }

  @Test
  void aNamePostgresWouldRefuseIsMarkedWithTheRuleAndBlocksNext(FxRobot robot) throws TimeoutException {
    database.publication(new PublicationInfo("cdc_orders", "postgres", false, true, true, true, true, List.of(ORDERS)));
    open(robot, "public.orders");
    assertThat(status(robot)).isEqualTo("Publication cdc_orders holds exactly the chosen tables.");
    assertThat(shown(robot, "#slotError")).isFalse();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();

    retype(robot, "#slotField", "Orders-Slot");

    assertThat(shown(robot, "#slotError")).isTrue();
    assertThat(text(robot, "#slotError")).isEqualTo("Use lower-case letters, digits and underscores only; at most 63 characters.");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();

    robot.interact(() -> wizard.preferences().languageProperty().set(Localization.SIMPLIFIED_CHINESE));
    assertThat(text(robot, "#slotError")).isEqualTo("只能使用小写字母、数字和下划线，最多 63 个字符。");

    retype(robot, "#publicationField", "1pub");

    assertThat(shown(robot, "#publicationError")).isTrue();
    assertThat(text(robot, "#publicationError")).isEqualTo("只能使用小写字母、数字和下划线，以字母或下划线开头，最多 63 个字符。");
    assertThat(shown(robot, "#sqlArea")).as("no SQL for a name that is refused").isFalse();

    robot.interact(() -> {
      wizard.state().slotNameProperty().set("orders_slot");
      wizard.state().publicationNameProperty().set("cdc_orders");
    });
    awaitAnswer();

    assertThat(shown(robot, "#slotError")).isFalse();
    assertThat(shown(robot, "#publicationError")).isFalse();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();
  }

  /**
   * Opens the step, then chooses the tables as the table step would: the step's answer to that choice
   * (after its pause for typing) is the one waited for.
   */
  private void open(FxRobot robot, String... tables) throws TimeoutException {
    robot.interact(() -> wizard.navigator().goTo(WizardStep.PUBLICATION));
    awaitAnswer();
    robot.interact(() -> wizard.state().selectedTables().setAll(Stream.of(tables).map(TableName::parse).toList()));
    awaitAnswer();
  }

  /** Waits for the server's answer that the status shows; a change clears the status until then. */
  private void awaitAnswer() throws TimeoutException {
    PublicationViewModel publication = wizard.viewModels().publication();
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
        () -> publication.statusProperty().get() != null && !publication.busyProperty().get());
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static void retype(FxRobot robot, String query, String text) {
    robot.interact(() -> robot.lookup(query).queryAs(TextField.class).clear());
    robot.clickOn(query).write(text);
  }

  private static String status(FxRobot robot) {
    return text(robot, "#statusLabel");
  }

  private static String text(FxRobot robot, String query) {
    return robot.lookup(query).queryAs(Label.class).getText();
  }

  private static boolean shown(FxRobot robot, String query) {
    Node node = robot.lookup(query).query();
    return node.isVisible() && node.isManaged();
  }
}
