package dev.cdcwizard.app.step.tables;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.wizard.WizardState;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.util.List;
import org.junit.jupiter.api.Test;

class TablesViewModelTest {
  private final WizardState state = new WizardState();
  private final TablesViewModel viewModel = new TablesViewModel(state,
      new SourceDatabase(new PostgresConnector()), (problem, fix, cause) -> {}, Runnable::run);

  @Test
  void validOnceATableIsSelected() {
    SourceTable orders = new SourceTable("public", "orders", "id", "FULL", 2);
    viewModel.showTables(List.of(orders, new SourceTable("public", "customers", "id", "DEFAULT", 10)));
    assertThat(viewModel.isValid()).isFalse();

    orders.selectedProperty().set(true);

    assertThat(viewModel.isValid()).isTrue();
    assertThat(state.selectedTables()).containsExactly("public.orders");
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
    assertThat(state.selectedTables()).containsExactly("public.orders", "public.order_items");

    viewModel.patternProperty().set("public.(orders");
    assertThat(viewModel.patternErrorBinding().get()).isNotNull();
    assertThat(viewModel.isValid()).isFalse();
  }

  @Test
  void anOpenedFilesPatternSelectsTheTablesItCapturesOnce() {
    state.tablesToSelectProperty().set(new PipelineYamlImporter().importYaml("""
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
        """).definition().source());
    List<SourceTable> found = List.of(new SourceTable("public", "orders", "id", "FULL", 2),
        new SourceTable("public", "order_items", "id", "FULL", 5),
        new SourceTable("public", "order_archive", "id", "FULL", 5),
        new SourceTable("public", "customers", "id", "FULL", 1));

    viewModel.showTables(found);

    assertThat(state.selectedTables()).containsExactly("public.order_items");
    assertThat(viewModel.isValid()).isTrue();
    assertThat(state.tablesToSelectProperty().get()).isNull();

    found.get(0).selectedProperty().set(true);
    viewModel.showTables(found);
    assertThat(state.selectedTables()).as("a later visit keeps the user's choice")
        .containsExactly("public.orders", "public.order_items");
  }

  @Test
  void aChangedConnectionForgetsTheOldDatabasesTablesAndChoosesTheirNamesAgainInTheNewOne() {
    state.connection().testedProperty().set(true);
    SourceTable orders = new SourceTable("public", "orders", "id", "FULL", 2);
    viewModel.showTables(List.of(orders, new SourceTable("public", "customers", "id", "DEFAULT", 10)));
    orders.selectedProperty().set(true);
    assertThat(viewModel.isValid()).isTrue();

    state.connection().databaseProperty().set("other");
    state.connection().testedProperty().set(false);

    assertThat(viewModel.visibleTables()).as("the list is read again when the step opens").isEmpty();
    assertThat(state.selectedTables()).as("the check step checks no table of the old database").isEmpty();
    assertThat(state.catalogTables()).isEmpty();
    assertThat(viewModel.isValid()).isFalse();

    viewModel.showTables(List.of(new SourceTable("public", "orders", "order_id", "DEFAULT", 7),
        new SourceTable("public", "shipments", "id", "DEFAULT", 3)));

    assertThat(state.selectedTables()).as("chosen again where the new database has it")
        .containsExactly("public.orders");
    assertThat(viewModel.isValid()).isTrue();
  }

  @Test
  void theFilterHidesOtherTables() {
    viewModel.showTables(List.of(new SourceTable("public", "orders", "id", "FULL", 2),
        new SourceTable("public", "customers", "id", "FULL", 1)));

    viewModel.filterProperty().set("CUST");

    assertThat(viewModel.visibleTables()).extracting(SourceTable::name).containsExactly("customers");
  }
}
