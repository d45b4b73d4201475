package dev.cdcwizard.app.step.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.FakeSourceDatabase;
import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import dev.cdcwizard.engine.postgres.catalog.ReplicaIdentity;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.catalog.TableKind;
import dev.cdcwizard.i18n.Localization;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The check step's results as the user reads them, from the engine's own checks on a server without
 * logical WAL and with a table that has no primary key (facts handed in, no PostgreSQL).
 */
@ExtendWith(ApplicationExtension.class)
class CheckStepTest {
  private static final String WAL_LEVEL = "WAL level";
  private static final String PRIMARY_KEYS = "Primary keys";

  private final FakeSourceDatabase database = new FakeSourceDatabase().walLevel("replica")
      .table(table("orders", List.of("id"))).table(table("events", List.of()));
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
  void aFailedCheckShowsItsFixAndBlocksNextUntilAReCheckFindsItFixed(FxRobot robot) throws TimeoutException {
    open(robot, "public.orders");

    TitledPane walLevel = pane(robot, WAL_LEVEL);
    assertThat(walLevel.isExpanded()).as("a failure opens").isTrue();
    assertThat(icon(walLevel)).isEqualTo("\u2716");
    assertThat(texts(walLevel)).contains("wal_level is replica; logical replication needs logical.", "Fix:");
    assertThat(fix(walLevel)).startsWith("ALTER SYSTEM SET wal_level = logical;")
        .contains("takes effect after a restart of PostgreSQL");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#copyFixButton").queryButton().isDisabled()).isFalse();

    database.walLevel("logical");
    robot.clickOn("#recheckButton");
    awaitChecked();

    walLevel = pane(robot, WAL_LEVEL);
    assertThat(texts(walLevel)).containsExactly("wal_level is logical.");
    assertThat(icon(walLevel)).isEqualTo("\u2714");
    assertThat(walLevel.isExpanded()).as("a pass stays closed").isFalse();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();
  }

  @Test
  void aChosenTableWithoutAPrimaryKeyFailsItsCheckWithTheSqlToAddOne(FxRobot robot) throws TimeoutException {
    database.walLevel("logical");
    open(robot, "public.orders", "public.events");

    TitledPane primaryKeys = pane(robot, PRIMARY_KEYS);
    assertThat(texts(primaryKeys)).first().asString().startsWith("No primary key: public.events.");
    assertThat(fix(primaryKeys)).isEqualTo("-- ALTER TABLE \"public\".\"events\" ADD PRIMARY KEY (<columns that identify a row>);");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
  }

  @Test
  void theTableChecksWaitForTablesToBeChosen(FxRobot robot) throws TimeoutException {
    database.walLevel("logical");
    open(robot);

    assertThat(titles(robot)).contains(WAL_LEVEL).doesNotContain(PRIMARY_KEYS, "Tables")
        .as("the publication step makes the publication").doesNotContain("Publication");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();
  }

  @Test
  void theResultsAndTheirFixesReadInTheWizardsLanguage(FxRobot robot) throws TimeoutException {
    open(robot, "public.orders");

    robot.interact(() -> wizard.preferences().languageProperty().set(Localization.SIMPLIFIED_CHINESE));

    TitledPane walLevel = pane(robot, "WAL 级别");
    assertThat(texts(walLevel)).contains("wal_level 当前为 replica，逻辑复制需要设为 logical。", "修复方法：");
    assertThat(fix(walLevel)).contains("重启 PostgreSQL 后生效");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
  }

  @Test
  void beforeTheFirstCheckTheListSaysNoneRan(FxRobot robot) {
    robot.interact(() -> wizard.state().connection().testedProperty().set(false));
    robot.interact(() -> wizard.navigator().goTo(WizardStep.CHECK));

    assertThat(robot.lookup("No checks have run yet.").tryQuery()).isPresent();
    assertThat(robot.lookup("#copyFixButton").queryButton().isDisabled()).isTrue();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
  }

  /** The tables the table step would have left chosen; then the check step opens and checks. */
  private void open(FxRobot robot, String... tables) throws TimeoutException {
    robot.interact(() -> {
      wizard.state().selectedTables().setAll(Stream.of(tables).map(TableName::parse).toList());
      wizard.navigator().goTo(WizardStep.CHECK);
    });
    awaitChecked();
  }

  private void awaitChecked() throws TimeoutException {
    CheckViewModel check = wizard.viewModels().check();
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
        () -> !check.checkingProperty().get() && !check.results().isEmpty());
    WaitForAsyncUtils.waitForFxEvents();
  }

  private static List<String> titles(FxRobot robot) {
    return robot.lookup(".check-result").queryAllAs(TitledPane.class).stream()
        .map(pane -> ((Label) header(pane).getChildren().get(1)).getText()).toList();
  }

  private static TitledPane pane(FxRobot robot, String title) {
    Optional<TitledPane> pane = robot.lookup(".check-result").queryAllAs(TitledPane.class).stream()
        .filter(candidate -> ((Label) header(candidate).getChildren().get(1)).getText().equals(title)).findFirst();
    assertThat(pane).as("a result titled " + title + " among " + titles(robot)).isPresent();
    return pane.get();
  }

  private static HBox header(TitledPane pane) {
    return (HBox) pane.getGraphic();
  }

  private static String icon(TitledPane pane) {
    return ((Label) header(pane).getChildren().get(0)).getText();
  }

  private static List<String> texts(TitledPane pane) {
    return body(pane).stream().filter(Label.class::isInstance).map(node -> ((Label) node).getText()).toList();
  }

  private static String fix(TitledPane pane) {
    return body(pane).stream().filter(TextArea.class::isInstance).map(node -> ((TextArea) node).getText())
        .findFirst().orElse("");
  }

  private static List<Node> body(TitledPane pane) {
    return ((VBox) pane.getContent()).getChildren();
  }

  private static TableInfo table(String name, List<String> primaryKey) {
    return new TableInfo(new TableName("public", name), TableKind.TABLE, Optional.empty(),
        List.of(new ColumnInfo("id", "bigint", "int8", "N", true, false)), primaryKey, ReplicaIdentity.FULL, 10, 8192);
  }
}
