package dev.cdcwizard.engine.snapshot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.stream.ExportedSnapshotSlot;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader that has copied all it was given hands its finished files over and ends; when another
 * reader then fails or is stopped, nothing is committed and those handed-over files are deleted too.
 * Each reader here gets one whole table: a small one, done at once, and the large orders table.
 */
class SnapshotCopyDiscardIT {
  private static final long ROWS = 1_000_000;
  private static final Duration TIMEOUT = Duration.ofSeconds(60);
  private static final TableId SMALL = TableId.of("public", "small");
  private static final TableId ORDERS = TableId.of("public", "orders");
  private EmbeddedPostgresServer postgres;
  private PreparedPipeline prepared;
  private ExportedSnapshotSlot slot;
  @TempDir Path warehouse;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        TutorialFixture.insertOrders(ROWS),
        "CREATE TABLE public.small (id int PRIMARY KEY, note text)",
        "ALTER TABLE public.small REPLICA IDENTITY FULL",
        "INSERT INTO public.small SELECT i, 'note ' || i FROM generate_series(1, 1000) i",
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders, public.small");
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2)
        .replace("tables: inventory.public.orders", "tables: inventory.public.orders,inventory.public.small")
        .replace("    sink-table: ods.orders", "    sink-table: ods.orders\n  - source-table: public.small\n"
            + "    sink-table: ods.small");
    prepared = new PipelineJobFactory().prepare(new PipelineYamlReader().read(yaml));
    slot = ExportedSnapshotSlot.create(prepared.definition().source().endpoint(), "cdc_orders", 60);
  }

  @AfterEach
  void stop() throws Exception {
    if (slot != null) {
      slot.close();
    }
    postgres.close();
  }

  @Test
  void aStopAfterOneReaderIsDoneDeletesTheFilesItHandedOver() throws Exception {
    SnapshotCopy copy = startWithOneTablePerReader();
    awaitSmallHandedOver(copy);

    copy.cancel();

    assertThatThrownBy(() -> copy.result().get(30, TimeUnit.SECONDS)).hasCauseInstanceOf(
        SnapshotCancelledException.class);
    assertNothingWritten();
  }

  @Test
  void aFailureAfterOneReaderIsDoneDeletesTheFilesItHandedOver() throws Exception {
    SnapshotCopy copy = startWithOneTablePerReader();
    awaitSmallHandedOver(copy);

    postgres.execute(SampleDatabase.DATABASE, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        + " WHERE query LIKE 'COPY%orders%' AND pid <> pg_backend_pid()");

    assertThatThrownBy(() -> copy.result().join()).isInstanceOf(CompletionException.class)
        .cause().isNotInstanceOf(SnapshotCancelledException.class);
    assertNothingWritten();
  }

  private SnapshotCopy startWithOneTablePerReader() throws Exception {
    SnapshotPlan planned;
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      planned = SnapshotPlan.plan(connection, prepared).plan();
    }
    SnapshotPlan plan = new SnapshotPlan(planned.tables(), List.of(CopySplit.whole(SMALL, true), CopySplit.whole(ORDERS, true)));
    return SnapshotCopy.start(prepared, plan, slot.snapshotName());
  }

  /** The small table's reader is done with the queue once its rows are in; it hands over right after. */
  private static void awaitSmallHandedOver(SnapshotCopy copy) throws Exception {
    // a tight poll, not Eventually's 500 ms: the million orders rows take about a second to copy
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    Long small = null;
    while ((small == null || small != 1000) && System.nanoTime() < deadline) {
      Thread.sleep(5);
      small = copy.rowsCopied().get(PipelineProgress.SNAPSHOT_ROWS_PREFIX + SMALL);
    }
    assertThat(small).as("the small table copied").isEqualTo(1000L);
    Thread.sleep(100);
    assertThat(copy.rowsCopied().get(PipelineProgress.SNAPSHOT_ROWS_PREFIX + ORDERS)).as("orders still copying")
        .isLessThan(ROWS);
    assertThat(copy.result()).isNotDone();
  }

  private void assertNothingWritten() throws Exception {
    Catalog catalog = IcebergCatalogs.loader(prepared).loadCatalog();
    for (String table : List.of("small", "orders")) {
      assertThat(catalog.loadTable(TableIdentifier.of("ods", table)).currentSnapshot()).as(table + " committed")
          .isNull();
      assertThat(dataFiles(table)).as("data files of " + table).isEmpty();
    }
  }

  private List<Path> dataFiles(String table) throws Exception {
    Path data = warehouse.resolve("ods").resolve(table).resolve("data");
    if (!Files.exists(data)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(data)) {
      return files.filter(Files::isRegularFile).toList();
    }
  }
}
