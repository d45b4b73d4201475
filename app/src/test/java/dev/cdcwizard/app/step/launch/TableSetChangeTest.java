package dev.cdcwizard.app.step.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableSetChangeTest {
  private static final TableName ORDERS = new TableName("public", "orders");
  private static final TableName CUSTOMERS = new TableName("public", "customers");
  private static final TableName ITEMS = new TableName("public", "items");

  @Test
  void theSameTablesInAnotherOrderAreNoChange() {
    assertThat(TableSetChange.of(List.of(ORDERS, CUSTOMERS), List.of(CUSTOMERS, ORDERS), false)).isNull();
  }

  @Test
  void saysWhatIsAddedAndWhatIsNoLongerCaptured() {
    assertThat(TableSetChange.of(List.of(ORDERS), List.of(ORDERS, CUSTOMERS), false).said())
        .isEqualTo(Message.of("wizard.launch.tablesAdded", "public.customers"));
    assertThat(TableSetChange.of(List.of(ORDERS, ITEMS), List.of(ORDERS), false).said())
        .isEqualTo(Message.of("wizard.launch.tablesRemoved", "public.items"));
    assertThat(TableSetChange.of(List.of(ORDERS, ITEMS), List.of(ORDERS, CUSTOMERS), false).said())
        .isEqualTo(Message.of("wizard.launch.tablesAddedAndRemoved", "public.customers", "public.items"));
  }

  /** Issue 22: on a cluster Apply resumes from a savepoint, the added tables copied while the job is stopped. */
  @Test
  void onAClusterItSaysSoTooForApplyResumesFromASavepoint() {
    TableSetChange change = TableSetChange.of(List.of(ORDERS, ITEMS), List.of(ORDERS, CUSTOMERS), true);
    assertThat(change.onCluster()).isTrue();
    assertThat(change.said())
        .isEqualTo(Message.of("wizard.launch.tablesAddedAndRemovedOnCluster", "public.customers", "public.items"));
    assertThat(TableSetChange.of(List.of(ORDERS), List.of(ORDERS, CUSTOMERS), true).said())
        .isEqualTo(Message.of("wizard.launch.tablesAddedOnCluster", "public.customers"));
    assertThat(TableSetChange.of(List.of(ORDERS, ITEMS), List.of(ORDERS), true).said())
        .isEqualTo(Message.of("wizard.launch.tablesRemovedOnCluster", "public.items"));
  }
}
