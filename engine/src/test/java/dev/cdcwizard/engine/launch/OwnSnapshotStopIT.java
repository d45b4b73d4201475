package dev.cdcwizard.engine.launch;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobStatus;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stop while the engine's own snapshot copies: the copy ends at once, commits nothing, leaves no data
 * file and no slot behind, and the next start copies every row again. Stop as the stream starts after the
 * copy ends the job too, though no savepoint can be taken before its tasks run.
 */
class OwnSnapshotStopIT {
  private static final long ROWS = 1_000_000;
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private EmbeddedPostgresServer postgres;
  @TempDir Path warehouse;
  @TempDir Path checkpoints;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        TutorialFixture.insertOrders(ROWS),
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void stoppedMidCopyLeavesNothingAndTheNextStartCopiesAgain() throws Exception {
    PipelineDefinition definition = new PipelineYamlReader().read(TutorialFixture.pipelineYaml(postgres, warehouse, 2));
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)) {
      await("rows copied", TIMEOUT, () -> run.progress().totalSnapshotRows(), rows -> rows > 0);
      assertThat(run.snapshotDone()).contains(false);
      run.stop();
      assertThat(run.status()).isEqualTo(JobStatus.CANCELED);
      assertThat(run.failure()).isNull();
      Table orders = IcebergCatalogs.loader(run.prepared()).loadCatalog().loadTable(TableIdentifier.of("ods", "orders"));
      assertThat(orders.currentSnapshot()).as("nothing committed").isNull();
    }
    assertThat(slotExists()).as("the stopped snapshot's slot").isFalse();
    assertThat(dataFiles()).as("data files of the stopped snapshot").isEmpty();

    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)) {
      assertThat(run.start().phase()).isEqualTo(RunStart.Phase.OWN_SNAPSHOT);
      await("the snapshot handed over to streaming", TIMEOUT, run::snapshotDone, done -> done.orElse(false));
      // stopped as the stream starts, before its tasks all run: no savepoint can be taken yet, and it stops all the same
      run.stop();
      assertThat(run.status().isGloballyTerminalState()).isTrue();
      assertThat(run.failure()).isNull();
      Table orders = IcebergCatalogs.loader(run.prepared()).loadCatalog().loadTable(TableIdentifier.of("ods", "orders"));
      long rows = 0;
      long idSum = 0;
      try (CloseableIterable<Record> records = IcebergGenerics.read(orders).build()) {
        for (Record record : records) {
          rows++;
          idSum += ((Number) record.getField("id")).longValue();
        }
      }
      assertThat(rows).isEqualTo(ROWS);
      assertThat(idSum).isEqualTo(sourceIdSum());
    }
  }

  private boolean slotExists() throws Exception {
    return !query("SELECT count(*) FROM pg_replication_slots WHERE slot_name = 'cdc_orders'").equals("0");
  }

  private long sourceIdSum() throws Exception {
    return Long.parseLong(query("SELECT sum(id) FROM public.orders"));
  }

  private String query(String sql) throws Exception {
    return TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE, sql);
  }

  private List<Path> dataFiles() throws Exception {
    Path data = warehouse.resolve("ods").resolve("orders").resolve("data");
    if (!Files.exists(data)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(data)) {
      return files.filter(Files::isRegularFile).toList();
    }
  }
}
