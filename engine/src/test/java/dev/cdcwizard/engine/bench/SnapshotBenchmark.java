package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Not a test: loads N rows shaped like the tutorial's orders (default 1,000,000) and times the
 * initial snapshot into Iceberg on an embedded Flink. Run with bench/snapshot.sh; results in
 * docs/benchmarks/snapshot.md.
 *
 * <p>Arguments: rows, parallelism, scan.incremental.snapshot.chunk.size, scan.snapshot.fetch.size,
 * scan.incremental.snapshot.backfill.skip.
 */
public final class SnapshotBenchmark {
  private static final TableIdentifier TARGET = TableIdentifier.of("ods", "orders");

  private SnapshotBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int parallelism = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    String chunkSize = args.length > 2 ? args[2] : "8096";
    String fetchSize = args.length > 3 ? args[3] : "1024";
    String skipBackfill = args.length > 4 ? args[4] : "false";
    Path warehouse = Files.createTempDirectory("snapshot-bench");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      long loadStarted = System.nanoTime();
      postgres.execute(SampleDatabase.DATABASE,
          "INSERT INTO public.orders SELECT 1000 + i, 'customer ' || (i % 1000), (i % 10000) / 100.0,"
              + " CASE WHEN i % 3 = 0 THEN 'SHIPPED' ELSE 'NEW' END FROM generate_series(1, " + (rows - 2) + ") i",
          "ANALYZE public.orders",
          "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      System.out.printf("loaded %,d rows into PostgreSQL in %d ms%n", rows, millisSince(loadStarted));
      var definition = PipelineDefinitionBuilder.from(new PipelineYamlReader().read(
              TutorialFixture.pipelineYaml(postgres, warehouse, parallelism)))
          .sourceOption(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE, chunkSize)
          .sourceOption(PostgresSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE, fetchSize)
          .sourceOption(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP, skipBackfill)
          .build();
      long started = System.nanoTime();
      try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH)) {
        long submitted = System.nanoTime();
        long firstRecord = 0;
        long allRead = 0;
        Catalog catalog = run.prepared().catalogLoader().loadCatalog();
        while (true) {
          long read = run.progress().totalSnapshotRows();
          if (firstRecord == 0 && read > 0) {
            firstRecord = System.nanoTime();
          }
          if (allRead == 0 && read >= rows) {
            allRead = System.nanoTime();
          }
          if (committedRecords(catalog) >= rows) {
            break;
          }
          Thread.sleep(100);
        }
        long committed = System.nanoTime();
        System.out.printf("rows %,d, parallelism %d, chunk size %s, fetch size %s, backfill skipped %s%n",
            rows, parallelism, chunkSize, fetchSize, skipBackfill);
        System.out.printf("prepare + submit: %d ms; submit to first snapshot row: %d ms%n",
            (submitted - started) / 1_000_000, (firstRecord - submitted) / 1_000_000);
        if (allRead > 0) {
          System.out.printf("snapshot read: %,.0f rows/s (first to last row read, %d ms)%n",
              rows * 1e9 / (allRead - firstRecord), (allRead - firstRecord) / 1_000_000);
        } else {
          System.out.println("snapshot read: not measured (the row counters arrived after the last commit)");
        }
        System.out.printf("steady state into Iceberg: %,.0f rows/s (first row read to all rows committed, %d ms)%n",
            rows * 1e9 / (committed - firstRecord), (committed - firstRecord) / 1_000_000);
        System.out.printf("end to end: %,.0f rows/s (submit to all rows committed in Iceberg, %d ms)%n",
            rows * 1e9 / (committed - submitted), (committed - submitted) / 1_000_000);
      }
    }
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

  private static long millisSince(long started) {
    return (System.nanoTime() - started) / 1_000_000;
  }
}
