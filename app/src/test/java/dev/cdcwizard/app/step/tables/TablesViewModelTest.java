package dev.cdcwizard.app.step.tables;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.testsupport.LocalizedTexts;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.ReplicaIdentity;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.catalog.TableKind;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

class TablesViewModelTest {
  private final WizardState state = new WizardState();
  private final List<Message> reported = new CopyOnWriteArrayList<>();
  private final TablesViewModel viewModel = new TablesViewModel(state,
      SourceDatabase.ENGINE, (problem, fix, cause) -> reported.add(problem), Runnable::run);

  @BeforeAll
  static void startToolkit() throws TimeoutException {
    // the table checks run as tasks, which call back on the FX thread
    FxToolkit.registerPrimaryStage();
  }

  @Test
  void validOnceATableIsSelected() {
    SourceTable orders = new SourceTable("public", "orders", "id", "FULL", 2);
    viewModel.showTables(List.of(orders, new SourceTable("public", "customers", "id", "DEFAULT", 10)));
    assertThat(validOnceChecked()).isFalse();

    orders.selectedProperty().set(true);

    assertThat(validOnceChecked()).isTrue();
    assertThat(state.selectedTables()).containsExactly(new TableName("public", "orders"));
  }

  @Test
  void thePatternPreviewsAndSelectsItsMatches() {
    viewModel.showTables(List.of(new SourceTable("public", "orders", "id", "FULL", 2),
        new SourceTable("public", "order_items", "id", "FULL", 5),
        new SourceTable("public", "customers", "id", "FULL", 1)));

    viewModel.patternProperty().set("public.order\\.*");
    assertThat(viewModel.patternMatchesBinding().get()).isEqualTo(2);
    assertThat(viewModel.patternMatchNamesBinding().get()).isEqualTo("public.orders, public.order_items");
    viewModel.selectMatches();
    assertThat(state.selectedTables()).containsExactly(new TableName("public", "orders"), new TableName("public", "order_items"));

    viewModel.patternProperty().set("public.(orders");
    assertThat(viewModel.patternErrorBinding().get()).isNotNull();
    assertThat(validOnceChecked()).isFalse();
  }

  @Test
  void anOpenedFilesPatternSelectsTheTablesItCapturesOnce() {
    state.openedPipelineProperty().set(new PipelineYamlImporter().importYaml("""
        source:
          type: postgres
          hostname: localhost
          username: postgres
          password: secret
          tables: inventory.public.order_\\.*
          tables.exclude: inventory.public.order_archive
          slot.name: cdc_orders
        sink:
          type: iceberg
          catalog.properties.type: hadoop
          catalog.properties.warehouse: file:///tmp/warehouse
        """));
    List<SourceTable> found = List.of(new SourceTable("public", "orders", "id", "FULL", 2),
        new SourceTable("public", "order_items", "id", "FULL", 5),
        new SourceTable("public", "order_archive", "id", "FULL", 5),
        new SourceTable("public", "customers", "id", "FULL", 1));

    viewModel.showTables(found);

    assertThat(state.selectedTables()).containsExactly(new TableName("public", "order_items"));
    assertThat(validOnceChecked()).isTrue();

    found.get(0).selectedProperty().set(true);
    viewModel.showTables(found);
    assertThat(state.selectedTables()).as("a later visit keeps the user's choice")
        .containsExactly(new TableName("public", "orders"), new TableName("public", "order_items"));
  }

  @Test
  void aChangedConnectionForgetsTheOldDatabasesTablesAndChoosesTheirNamesAgainInTheNewOne() {
    state.connection().testedProperty().set(true);
    SourceTable orders = new SourceTable("public", "orders", "id", "FULL", 2);
    viewModel.showTables(List.of(orders, new SourceTable("public", "customers", "id", "DEFAULT", 10)));
    orders.selectedProperty().set(true);
    assertThat(validOnceChecked()).isTrue();

    state.connection().databaseProperty().set("other");
    state.connection().testedProperty().set(false);

    assertThat(viewModel.visibleTables()).as("the list is read again when the step opens").isEmpty();
    assertThat(state.selectedTables()).as("the check step checks no table of the old database").isEmpty();
    assertThat(state.catalogTables()).isEmpty();
    assertThat(validOnceChecked()).isFalse();

    viewModel.showTables(List.of(new SourceTable("public", "orders", "order_id", "DEFAULT", 7),
        new SourceTable("public", "shipments", "id", "DEFAULT", 3)));

    assertThat(state.selectedTables()).as("chosen again where the new database has it")
        .containsExactly(new TableName("public", "orders"));
    assertThat(validOnceChecked()).isTrue();
  }

  @Test
  void aTableWithoutAPrimaryKeyIsRefusedWithTheEnginesReason() {
    TableInfo orders = table("orders", List.of("id"));
    TableInfo events = table("events", List.of());
    state.catalogTables().setAll(orders, events);
    SourceTable ordersRow = SourceTable.of(orders);
    SourceTable eventsRow = SourceTable.of(events);
    viewModel.showTables(List.of(ordersRow, eventsRow));

    ordersRow.selectedProperty().set(true);
    assertThat(validOnceChecked()).isTrue();
    assertThat(viewModel.tableProblemProperty().get()).isNull();

    eventsRow.selectedProperty().set(true);
    assertThat(validOnceChecked()).isFalse();
    Message problem = viewModel.tableProblemProperty().get();
    assertThat(problem.key()).isEqualTo("preflight.primaryKey.missing");
    assertThat(problem.args()).containsExactly("public.events");
    assertThat(LocalizedTexts.inEveryLanguage(problem)).allSatisfy(text -> assertThat(text).contains("public.events"));

    eventsRow.selectedProperty().set(false);
    assertThat(validOnceChecked()).isTrue();
    assertThat(viewModel.tableProblemProperty().get()).isNull();
    assertThat(reported).isEmpty();
  }

  private static TableInfo table(String name, List<String> primaryKey) {
    return new TableInfo(new TableName("public", name), TableKind.TABLE, Optional.empty(), List.of(), primaryKey,
        ReplicaIdentity.FULL, 10, 8192);
  }

  /** The engine's table checks run as a task after each change of the choice: waits for them. */
  private boolean validOnceChecked() {
    WaitForAsyncUtils.waitForFxEvents();
    return viewModel.isValid();
  }

  @Test
  void theFilterHidesOtherTables() {
    viewModel.showTables(List.of(new SourceTable("public", "orders", "id", "FULL", 2),
        new SourceTable("public", "customers", "id", "FULL", 1)));

    viewModel.filterProperty().set("CUST");

    assertThat(viewModel.visibleTables()).extracting(SourceTable::name).containsExactly("customers");
  }
}
