package dev.cdcwizard.engine.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which changed pipelines resume from the checkpoints of an earlier one. */
class CheckpointsFitTest {
  private static final String ORDERS_ONLY = """
      source:
        type: postgres
        hostname: localhost
        username: postgres
        password: secret
        tables: app.public.orders
        slot.name: cdc_orders
      sink:
        type: iceberg
        catalog.properties.type: hadoop
        catalog.properties.warehouse: /tmp/warehouse
      route:
        - source-table: public.orders
          sink-table: ods.orders
      """;
  private static final TableId ORDERS = TableId.of("public", "orders");

  @TempDir Path root;

  @Test
  void aTableAddedOrLeftOutFitsWhileAKeptTableRoutedElsewhereOrAnotherTargetDoesNot() throws Exception {
    PipelineCheckpoints checkpoints = keptFor(ORDERS_ONLY, List.of(ORDERS));

    assertThat(checkpoints.fit(definition(ORDERS_ONLY))).isTrue();
    assertThat(checkpoints.fit(definition(ORDERS_ONLY.replace("app.public.orders", "app.public.orders,app.public.items")
        .replace("      sink-table: ods.orders\n", "      sink-table: ods.orders\n  - source-table: public.items\n"
            + "    sink-table: ods.items\n")))).as("a table added").isTrue();
    assertThat(checkpoints.fit(definition(ORDERS_ONLY.replace("app.public.orders", "app.public.items"))))
        .as("a table left out").isTrue();
    assertThat(checkpoints.fit(definition(ORDERS_ONLY.replace("sink-table: ods.orders", "sink-table: ods.orders_v2"))))
        .as("a kept table routed elsewhere").isFalse();
    assertThat(checkpoints.fit(definition(ORDERS_ONLY.replace("/tmp/warehouse", "/tmp/other"))))
        .as("another target").isFalse();
  }

  @Test
  void checkpointsOfAVersionThatKeptNoTablesFitOnlyTheSameSelectionAndRoutes() throws Exception {
    PipelineCheckpoints checkpoints = keptFor(ORDERS_ONLY, List.of(ORDERS));
    Files.delete(checkpoints.directory().resolve("pipeline.tables"));
    // as versions before the kept table set wrote it: the selection and the routes, no table set
    Files.writeString(checkpoints.directory().resolve("pipeline.fingerprint"), """
        sink.catalog.properties.type=hadoop
        sink.catalog.properties.warehouse=/tmp/warehouse
        sink.type=iceberg
        source.tables=app.public.orders
        route=public.orders -> ods.orders null
        """);

    assertThat(checkpoints.fit(definition(ORDERS_ONLY))).isTrue();
    assertThat(checkpoints.fit(definition(ORDERS_ONLY.replace("app.public.orders", "app.public.orders,app.public.items"))))
        .isFalse();
  }

  /** Turning on compaction after weeks of streaming is no reason to copy every table again. */
  @Test
  void sinkOptionsThatDoNotSayWhereItWritesMayChange() throws Exception {
    PipelineCheckpoints checkpoints = keptFor(ORDERS_ONLY, List.of(ORDERS));
    String maintained = ORDERS_ONLY.replace("  catalog.properties.warehouse: /tmp/warehouse\n",
        "  catalog.properties.warehouse: /tmp/warehouse\n  sink.compaction.enabled: true\n"
            + "  sink.compaction.delete-percent: 10\n  table.properties.write.target-file-size-bytes: 1048576\n");

    assertThat(checkpoints.fit(definition(maintained))).as("maintenance and table properties changed").isTrue();
    assertThat(checkpoints.fit(definition(ORDERS_ONLY.replace("  catalog.properties.warehouse: /tmp/warehouse\n",
        "  catalog.properties.warehouse: /tmp/warehouse\n  partition.key: ods.orders:id\n"))))
        .as("another partitioning").isFalse();
    assertThat(checkpoints.fit(definition(ORDERS_ONLY.replace("type: iceberg\n  catalog.properties.type: hadoop\n"
        + "  catalog.properties.warehouse: /tmp/warehouse", "type: postgres\n  hostname: replica\n"
        + "  database: app\n  username: replicator"))))
        .as("another kind of target").isFalse();
  }

  /** A folder an earlier version kept, with every sink option in its fingerprint, fits as a new one would. */
  @Test
  void aFingerprintWithEverySinkOptionFitsByTheOnesThatSayWhereItWrites() throws Exception {
    PipelineCheckpoints checkpoints = keptFor(ORDERS_ONLY, List.of(ORDERS));
    Files.writeString(checkpoints.directory().resolve("pipeline.fingerprint"), """
        sink.catalog.properties.type=hadoop
        sink.catalog.properties.warehouse=/tmp/warehouse
        sink.sink.compaction.enabled=true
        sink.type=iceberg
        """);

    assertThat(checkpoints.fit(definition(ORDERS_ONLY))).isTrue();
    assertThat(checkpoints.fit(definition(ORDERS_ONLY.replace("/tmp/warehouse", "/tmp/other")))).isFalse();
  }

  private PipelineCheckpoints keptFor(String yaml, List<TableId> tables) throws Exception {
    PipelineDefinition definition = definition(yaml);
    PipelineCheckpoints checkpoints = PipelineCheckpoints.of(root, definition);
    checkpoints.useFor(definition, tables);
    return checkpoints;
  }

  private static PipelineDefinition definition(String yaml) throws Exception {
    return new PipelineYamlReader().read(yaml);
  }
}
