package dev.cdcwizard.app.step.tables;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.testsupport.TestWizards;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.app.wizard.WizardStep;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import dev.cdcwizard.engine.postgres.catalog.ReplicaIdentity;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.catalog.TableKind;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The table step's list and its refusal of a table without a primary key; the tables are handed in as the catalog read them. */
@ExtendWith(ApplicationExtension.class)
class TablesStepTest {
  private Wizard wizard;

  @Start
  void start(Stage stage) {
    wizard = TestWizards.show(stage);
    wizard.navigator().goTo(WizardStep.TABLES);
  }

  @AfterEach
  void close() {
    TestWizards.close(wizard);
  }

  @Test
  void aTableWithoutAPrimaryKeyIsMarkedAndBlocksNextWithTheReason(FxRobot robot) {
    TableInfo orders = table("orders", List.of("id"));
    TableInfo events = table("events", List.of());
    SourceTable ordersRow = SourceTable.of(orders);
    SourceTable eventsRow = SourceTable.of(events);
    robot.interact(() -> {
      wizard.state().catalogTables().setAll(orders, events);
      wizard.viewModels().tables().showTables(List.of(ordersRow, eventsRow));
      ordersRow.selectedProperty().set(true);
    });
    WaitForAsyncUtils.waitForFxEvents();
    Label problem = robot.lookup("#tableProblemLabel").queryAs(Label.class);
    assertThat(problem.isVisible()).isFalse();
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();
    assertThat(robot.lookup("none (one is needed)").tryQuery()).as("the keyless table is marked").isPresent();

    robot.interact(() -> eventsRow.selectedProperty().set(true));
    WaitForAsyncUtils.waitForFxEvents();

    assertThat(problem.isVisible()).isTrue();
    assertThat(problem.getText()).contains("public.events", "primary key");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isTrue();
  }

  /** Issue 22: a table the Iceberg target would refuse at Start is told here, without blocking Next. */
  @Test
  void aTableWithLargeValuesUnderDefaultIdentityIsToldHereNotAtStart(FxRobot robot) throws TimeoutException {
    TableInfo notes = new TableInfo(new TableName("public", "notes"), TableKind.TABLE, Optional.empty(),
        List.of(new ColumnInfo("id", "bigint", "int8", "N", true, false),
            new ColumnInfo("body", "text", "text", "S", false, true)),
        List.of("id"), ReplicaIdentity.DEFAULT, 10, 8192);
    SourceTable notesRow = SourceTable.of(notes);
    robot.interact(() -> {
      wizard.state().catalogTables().setAll(notes);
      wizard.viewModels().tables().showTables(List.of(notesRow));
      notesRow.selectedProperty().set(true);
    });
    Label refusals = robot.lookup("#targetRefusalsLabel").queryAs(Label.class);
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, refusals::isVisible);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(refusals.getText()).contains("public.notes (body)", "REPLICA IDENTITY FULL", "into Iceberg");
    assertThat(robot.lookup("#nextButton").queryButton().isDisabled()).isFalse();
    TableRow<?> row = row(robot, notesRow);
    assertThat(row.getPseudoClassStates()).as("the row itself is marked").contains(PseudoClass.getPseudoClass("refused"));
    assertThat(row.getTooltip().getText()).contains("public.notes (body)", "REPLICA IDENTITY FULL");

    robot.interact(() -> notesRow.selectedProperty().set(false));
    WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> notesRow.refusalProperty().get() == null);
    WaitForAsyncUtils.waitForFxEvents();
    assertThat(row(robot, notesRow).getPseudoClassStates()).as("not chosen, not refused")
        .doesNotContain(PseudoClass.getPseudoClass("refused"));
  }

  private static TableRow<?> row(FxRobot robot, SourceTable table) {
    return robot.lookup(".table-row-cell").queryAllAs(TableRow.class).stream()
        .filter(row -> row.getItem() == table).findFirst().orElseThrow();
  }

  @Test
  void refreshIsOffered(FxRobot robot) {
    assertThat(robot.lookup("#refreshButton").queryButton().isDisabled()).isFalse();
  }

  private static TableInfo table(String name, List<String> primaryKey) {
    return new TableInfo(new TableName("public", name), TableKind.TABLE, Optional.empty(), List.of(), primaryKey,
        ReplicaIdentity.FULL, 10, 8192);
  }
}
