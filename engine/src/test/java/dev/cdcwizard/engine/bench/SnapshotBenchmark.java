package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * Not a test: loads N rows shaped like the tutorial's orders (default 1,000,000) and times the
 * initial snapshot into Iceberg on an embedded Flink. Run with bench/snapshot-flink-cdc.sh; results in
 * docs/benchmarks/snapshot.md.
 *
 * <p>Arguments: rows, parallelism, scan.incremental.snapshot.chunk.size, scan.snapshot.fetch.size,
 * scan.incremental.snapshot.backfill.skip. With {@code -Dbench.timeline=true} it also prints the rows
 * read per second and every commit, which shows the JIT warm-up.
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
      System.out.printf("loaded %,d rows into PostgreSQL in %d ms%n", rows, (System.nanoTime() - loadStarted) / 1_000_000);
      var definition = PipelineDefinitionBuilder.from(new PipelineYamlReader().read(
              TutorialFixture.pipelineYaml(postgres, warehouse, parallelism)))
          .sourceOption(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE, chunkSize)
          .sourceOption(PostgresSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE, fetchSize)
          .sourceOption(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP, skipBackfill)
          .build();
      System.out.printf("rows %,d, parallelism %d, chunk size %s, fetch size %s, backfill skipped %s%n",
          rows, parallelism, chunkSize, fetchSize, skipBackfill);
      long started = System.nanoTime();
      try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH)) {
        long submitted = System.nanoTime();
        Catalog catalog = IcebergCatalogs.loader(run.prepared()).loadCatalog();
        ReadTimeline reads = new ReadTimeline(rows);
        while (committedRecords(catalog) < rows) {
          reads.sample(run.progress().totalSnapshotRows());
          Thread.sleep(100);
        }
        long committed = System.nanoTime();
        Table table = catalog.loadTable(TARGET);
        System.out.printf("prepare + submit: %d ms; submit to first snapshot row: %d ms%n",
            (submitted - started) / 1_000_000, (reads.firstRow() - submitted) / 1_000_000);
        System.out.println(reads.readRate());
        System.out.printf("whole load into Iceberg: %,.0f rows/s (first row read to all rows committed, %d ms)%n",
            rows * 1e9 / (committed - reads.firstRow()), (committed - reads.firstRow()) / 1_000_000);
        System.out.println(betweenCommits(table, rows));
        System.out.printf("end to end: %,.0f rows/s (submit to all rows committed in Iceberg, %d ms)%n",
            rows * 1e9 / (committed - submitted), (committed - submitted) / 1_000_000);
        if (Boolean.getBoolean("bench.timeline")) {
          reads.print();
          for (Snapshot snapshot : SnapshotUtil.currentAncestors(table)) {
            System.out.printf("commit at +%d ms: %,d rows%n",
                snapshot.timestampMillis() - reads.firstRowEpochMillis(), totalRecords(snapshot));
          }
        }
      }
    }
  }

  /**
   * Steady state: rows per second from the first commit holding rows to the last commit before the one
   * that completed the snapshot. It leaves out the start, the tail (one reader finishing its last chunk)
   * and the wait for the last checkpoint, which in a 20 s run move the whole-load rate by thousands of
   * rows/s; the JIT warm-up after the first commit stays in.
   */
  private static String betweenCommits(Table table, long rows) {
    List<Snapshot> commits = new ArrayList<>();
    for (Snapshot snapshot : SnapshotUtil.currentAncestors(table)) {
      long total = totalRecords(snapshot);
      if (total > 0 && total < rows) {
        commits.add(0, snapshot);
      }
    }
    if (commits.size() < 2) {
      return "steady state: not measured (fewer than two commits during the snapshot)";
    }
    Snapshot first = commits.get(0);
    Snapshot last = commits.get(commits.size() - 1);
    long millis = last.timestampMillis() - first.timestampMillis();
    long committedRows = totalRecords(last) - totalRecords(first);
    return String.format("steady state into Iceberg: %,.0f rows/s (%,d rows between %d commits in %d ms)",
        committedRows * 1000.0 / millis, committedRows, commits.size(), millis);
  }

  private static long committedRecords(Catalog catalog) {
    if (!catalog.tableExists(TARGET)) {
      return 0;
    }
    Table table = catalog.loadTable(TARGET);
    table.refresh();
    Snapshot snapshot = table.currentSnapshot();
    return snapshot == null ? 0 : totalRecords(snapshot);
  }

  private static long totalRecords(Snapshot snapshot) {
    return Long.parseLong(snapshot.summary().getOrDefault("total-records", "0"));
  }
}
