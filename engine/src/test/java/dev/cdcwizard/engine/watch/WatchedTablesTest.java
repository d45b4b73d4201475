package dev.cdcwizard.engine.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where each table goes, as a resumed job compares it with its state: only what sends its rows elsewhere counts. */
class WatchedTablesTest {
  private static final TableId ORDERS = TableId.of("public", "orders");
  private static final String YAML = """
      source:
        type: postgres
        hostname: localhost
        username: postgres
        password: secret
        tables: app.public.orders,app.public.items
        slot.name: cdc_orders
      sink:
        type: iceberg
        catalog.properties.type: hadoop
        catalog.properties.warehouse: /tmp/warehouse
      route:
        - source-table: public.orders
          sink-table: ods.orders
        - source-table: public.orders
          sink-table: ods.all
        - source-table: public.items
          sink-table: ods.items
      """;

  @Test
  void routesInAnotherOrderAndAnotherTablesPartitioningLeaveATablesDestination() {
    String destination = destination(YAML);
    String reordered = YAML.replace("""
          - source-table: public.orders
            sink-table: ods.orders
          - source-table: public.orders
            sink-table: ods.all
        """, """
          - source-table: public.orders
            sink-table: ods.all
          - source-table: public.orders
            sink-table: ods.orders
        """);

    assertThat(destination).isEqualTo("catalog.properties.type=hadoop catalog.properties.warehouse=/tmp/warehouse"
        + " type=iceberg -> ods.all, ods.orders");
    assertThat(destination(reordered)).isEqualTo(destination);
    assertThat(destination(YAML.replace("  catalog.properties.warehouse: /tmp/warehouse\n",
        "  catalog.properties.warehouse: /tmp/warehouse\n  partition.key: ods.items:id\n"))).isEqualTo(destination);
    assertThat(destination(YAML.replace("  catalog.properties.warehouse: /tmp/warehouse\n",
        "  catalog.properties.warehouse: /tmp/warehouse\n  partition.key: ods.orders:id\n"))).isNotEqualTo(destination);
  }

  private static String destination(String yaml) {
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    return WatchedTables.of(definition, List.of(ORDERS, TableId.of("public", "items"))).destination(ORDERS);
  }
}
