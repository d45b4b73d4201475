package dev.cdcwizard.engine.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.record.RecordShape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pipeline whose snapshot Flink CDC took (merged targets, a start from the latest offset) keeps no
 * snapshot marker: its resume from a retained checkpoint failed with NoSuchElementException while it
 * described where it resumed from.
 */
class RunStartTest {
  private static final String MERGED = """
      source:
        type: postgres
        hostname: localhost
        username: postgres
        password: secret
        tables: app.public.orders,app.public.orders_archive
        slot.name: cdc_orders
      sink:
        type: iceberg
        catalog.properties.type: hadoop
        catalog.properties.warehouse: /tmp/warehouse
      route:
        - source-table: public.orders
          sink-table: ods.orders
        - source-table: public.orders_archive
          sink-table: ods.orders
      """;

  @TempDir Path root;

  @Test
  void aPipelineWhoseSnapshotFlinkCdcTookResumesFromItsLatestCheckpoint() throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read(MERGED);
    List<TableId> tables = List.of(TableId.of("public", "orders"), TableId.of("public", "orders_archive"));
    PipelineCheckpoints checkpoints = PipelineCheckpoints.of(root, definition);
    checkpoints.useFor(definition, tables);
    Path checkpoint = Files.createDirectories(checkpoints.directory().resolve("a-job").resolve("chk-7"));
    Files.writeString(checkpoint.resolve("_metadata"), "state");
    Map<TableId, RecordShape> captured = new LinkedHashMap<>();
    tables.forEach(table -> captured.put(table, null));
    PreparedPipeline prepared = new PreparedPipeline(definition, captured, List.of());

    RunStart start = RunStart.decide(prepared, checkpoints, false);

    assertThat(start.phase()).isEqualTo(RunStart.Phase.FLINK_CDC);
    assertThat(start.resumedFrom()).contains(checkpoint);
    assertThat(start.added()).isEmpty();
  }
}
