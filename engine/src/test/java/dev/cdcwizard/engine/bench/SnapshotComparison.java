package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Not a test: the initial snapshot of N tutorial-shaped rows (default 1,000,000) into Iceberg, by the
 * engine's own snapshot and by Flink CDC's (the tutorial's settings, and the wizard's tuned ones), in
 * turns against one PostgreSQL in one JVM. For each: time from start to every row committed, the
 * equality deletes left in the table, and how long a full read of the table takes afterwards. Run with
 * bench/snapshot-compare.sh; results in docs/benchmarks/snapshot.md.
 *
 * <p>Arguments: rows, parallelism, rounds, and optionally the methods to compare (comma-separated, e.g.
 * {@code own} alone to profile it).
 */
public final class SnapshotComparison {
  private static final TableIdentifier TARGET = TableIdentifier.of("ods", "orders");

  private SnapshotComparison() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int parallelism = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    String[] methods = args.length > 3 ? args[3].split(",") : new String[] {"own", "flink-cdc tuned", "flink-cdc tutorial"};
    Path folder = Files.createTempDirectory("snapshot-compare");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      postgres.execute(SampleDatabase.DATABASE,
          "INSERT INTO public.orders SELECT 1000 + i, 'customer ' || (i % 1000), (i % 10000) / 100.0,"
              + " CASE WHEN i % 3 = 0 THEN 'SHIPPED' ELSE 'NEW' END FROM generate_series(1, " + (rows - 2) + ") i",
          "ANALYZE public.orders",
          "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      System.out.printf("rows %,d, parallelism %d, %d core(s), max heap %d MB%n", rows, parallelism,
          Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
      int run = 0;
      for (int round = 1; round <= rounds; round++) {
        for (String method : methods) {
          Path warehouse = folder.resolve("warehouse-" + (++run));
          PipelineDefinition definition = definition(postgres, warehouse, parallelism, method);
          dropSlot(postgres);
          long started = System.nanoTime();
          try (EmbeddedPipelineRun pipeline = method.equals("own")
              ? EmbeddedPipelineRun.startOrResume(definition, folder.resolve("checkpoints-" + run), true)
              : EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH)) {
            Catalog catalog = pipeline.prepared().catalogLoader().loadCatalog();
            while (committedRecords(catalog) < rows) {
              if (pipeline.status().isGloballyTerminalState()) {
                throw new IllegalStateException("The pipeline ended early", pipeline.failure());
              }
              Thread.sleep(100);
            }
            long millis = (System.nanoTime() - started) / 1_000_000;
            Table table = catalog.loadTable(TARGET);
            Map<String, String> summary = table.currentSnapshot().summary();
            long readStarted = System.nanoTime();
            long read = countRows(table);
            long readMillis = (System.nanoTime() - readStarted) / 1_000_000;
            System.out.printf("round %d, %-18s: %,9.0f rows/s (%,6d ms start to all rows committed); "
                    + "equality deletes %s; full read %,d rows in %,d ms%n", round, method, rows * 1000.0 / millis,
                millis, summary.getOrDefault("total-equality-deletes", "0"), read, readMillis);
          }
        }
      }
    }
  }

  private static PipelineDefinition definition(EmbeddedPostgresServer postgres, Path warehouse, int parallelism,
      String method) throws Exception {
    PipelineDefinitionBuilder builder = PipelineDefinitionBuilder.from(new PipelineYamlReader().read(
        TutorialFixture.pipelineYaml(postgres, warehouse, parallelism)));
    if (method.equals("flink-cdc tuned")) {
      // the wizard's snapshot settings
      builder.sourceOption(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE, "100000")
          .sourceOption(PostgresSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE, "10000")
          .sourceOption(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP, "true");
    }
    return builder.build();
  }

  private static void dropSlot(EmbeddedPostgresServer postgres) throws Exception {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      for (int attempt = 0; attempt < 100; attempt++) {
        try {
          new ReplicationSlots(connection).drop("cdc_orders");
          return;
        } catch (dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException e) {
          Thread.sleep(100);
        }
      }
    }
  }

  private static long countRows(Table table) throws Exception {
    long count = 0;
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      for (Record ignored : records) {
        count++;
      }
    }
    return count;
  }

  private static long committedRecords(Catalog catalog) {
    if (!catalog.tableExists(TARGET)) {
      return 0;
    }
    Table table = catalog.loadTable(TARGET);
    table.refresh();
    Snapshot snapshot = table.currentSnapshot();
    return snapshot == null ? 0 : Long.parseLong(snapshot.summary().getOrDefault("total-records", "0"));
  }
}
