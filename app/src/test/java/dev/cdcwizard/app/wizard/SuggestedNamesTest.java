package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.TableName;
import java.util.List;
import org.junit.jupiter.api.Test;

class SuggestedNamesTest {
  @Test
  void oneTableGivesItsNameAndSeveralTheDatabasesAsTheTutorialsCdcOrders() {
    assertThat(SuggestedNames.of("inventory", List.of(new TableName("public", "orders")))).isEqualTo("cdc_orders");
    assertThat(SuggestedNames.of("Shop-DB", List.of(new TableName("public", "orders"), new TableName("public", "items"))))
        .isEqualTo("cdc_shop_db");
    assertThat(SuggestedNames.of("inventory", List.of(new TableName("sales", "Order Lines 2026"))))
        .isEqualTo("cdc_order_lines_2026");
    assertThat(SuggestedNames.of(null, List.of())).isEqualTo("cdc_pipeline");
    assertThat(SuggestedNames.of("d".repeat(80), List.of())).hasSize(63).startsWith("cdc_d");
  }

  @Test
  void aNewPipelinesNamesAreNotTheTutorialsBeforeItsTablesAreKnown() {
    WizardState state = new WizardState();
    assertThat(state.slotNameProperty().get()).isEqualTo("cdc_pipeline");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_pipeline");

    state.connection().databaseProperty().set("shop");
    assertThat(state.slotNameProperty().get()).isEqualTo("cdc_shop");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_shop");
  }

  @Test
  void theNamesFollowTheTablesAndTheDatabaseUntilTheUserTypesOne() {
    WizardState state = new WizardState();
    state.connection().databaseProperty().set("shop");
    state.selectedTables().setAll(new TableName("public", "customers"));
    assertThat(state.slotNameProperty().get()).isEqualTo("cdc_customers");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_customers");

    state.selectedTables().add(new TableName("public", "orders"));
    assertThat(state.slotNameProperty().get()).isEqualTo("cdc_shop");

    state.slotNameProperty().set("shop_to_lake");
    state.selectedTables().setAll(new TableName("public", "orders"));
    assertThat(state.slotNameProperty().get()).as("typed by the user").isEqualTo("shop_to_lake");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_orders");
  }

  @Test
  void anOpenedPipelinesNamesStayWhenItsTablesAreSelected() {
    WizardState state = new WizardState();
    state.slotNameProperty().set("cdc_orders");
    state.publicationNameProperty().set("cdc_orders");
    state.keepPublicationAndSlotNames();
    state.selectedTables().setAll(new TableName("public", "customers"));
    assertThat(state.slotNameProperty().get()).isEqualTo("cdc_orders");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_orders");
  }

  @Test
  void aStartedPipelinesNamesStayWhenATableIsAddedAndFollowAnotherDatabase() {
    WizardState state = new WizardState();
    state.connection().databaseProperty().set("inventory");
    state.selectedTables().setAll(new TableName("public", "orders"));
    state.keepStartedPipelinesNames();

    state.selectedTables().add(new TableName("public", "customers"));
    assertThat(state.slotNameProperty().get()).as("its slot exists under this name").isEqualTo("cdc_orders");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_orders");

    state.connection().databaseProperty().set("shop");
    assertThat(state.slotNameProperty().get()).as("no such slot on another database").isEqualTo("cdc_shop");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_shop");
  }

  @Test
  void aNameTypedAfterTheStartStaysOnAnotherDatabase() {
    WizardState state = new WizardState();
    state.connection().databaseProperty().set("inventory");
    state.selectedTables().setAll(new TableName("public", "orders"));
    state.keepStartedPipelinesNames();
    state.slotNameProperty().set("orders_to_lake");
    state.selectedTables().add(new TableName("public", "customers"));

    state.connection().databaseProperty().set("shop");
    assertThat(state.slotNameProperty().get()).isEqualTo("orders_to_lake");
    assertThat(state.publicationNameProperty().get()).isEqualTo("cdc_shop");
  }
}
