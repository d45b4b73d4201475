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
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Arrays;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.postgresql.copy.CopyManager;
import org.postgresql.core.BaseConnection;

/**
 * Not a test: the initial snapshot of N tutorial-shaped rows (default 1,000,000) into Iceberg, by the
 * engine's own snapshot and by Flink CDC's (the tutorial's settings, and the wizard's tuned ones), in
 * turns against one PostgreSQL in one JVM. For each: time from start to every row committed, the
 * equality deletes left in the table, and how long a full read of the table takes afterwards. Run with
 * bench/snapshot.sh; results in docs/benchmarks/snapshot.md.
 *
 * <p>Each round first reads the table with a plain binary {@code COPY ... TO STDOUT} into nothing: the
 * limit of any reader. MB/s count the bytes of that COPY output, the same for every method.
 *
 * <p>Arguments: rows, parallelism, rounds, table ({@code orders}, the tutorial's, or {@code wide}, 20
 * columns of common types), and the methods to compare (comma-separated, e.g. {@code own} alone to
 * profile it). {@code own} runs in this JVM (cold in round 1, as far as this program has not loaded
 * the classes already); {@code cdc-wizard run} and {@code cdc-wizard run (class archive)} start the
 * checkout's launcher, a new JVM each time, timed from its start, without and with the launcher's
 * class data archive.
 */
public final class SnapshotComparison {
  /** The own snapshot as {@code ./cdc-wizard run} takes it, in a JVM of its own, timed from its start. */
  private static final String LAUNCHER_METHOD = "cdc-wizard run";

  private SnapshotComparison() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int parallelism = args.length > 1 ? Integer.parseInt(args[1]) : 2;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 2;
    String table = args.length > 3 ? args[3] : "orders";
    String[] methods = args.length > 4 ? args[4].split(",")
        : new String[] {"own", LAUNCHER_METHOD, LAUNCHER_METHOD + " (class archive)", "flink-cdc tuned", "flink-cdc tutorial"};
    TableIdentifier target = TableIdentifier.of("ods", table);
    Path folder = Files.createTempDirectory("snapshot-compare");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      if (table.equals("wide")) {
        BenchTables.wide(postgres, rows);
      } else {
        BenchTables.orders(postgres, rows);
      }
      postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public." + table);
      if (Arrays.stream(methods).anyMatch(method -> method.equals(LAUNCHER_METHOD + " (class archive)"))) {
        System.out.println("class data archive: " + LauncherRun.makeClassArchive());
      }
      warmObserver(folder.resolve("observer-warm-up"));
      System.out.printf("%,d rows of %s, parallelism %d, %d core(s), max heap %d MB%n", rows, table, parallelism,
          Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
      int run = 0;
      for (int round = 1; round <= rounds; round++) {
        double megabytes = copyLimit(postgres, table, round, rows);
        for (String method : methods) {
          Path warehouse = folder.resolve("warehouse-" + (++run));
          dropSlot(postgres);
          if (method.startsWith(LAUNCHER_METHOD)) {
            Path yaml = folder.resolve("pipeline-" + run + ".yaml");
            Files.writeString(yaml, pipelineYaml(postgres, warehouse, parallelism, table));
            long started = System.nanoTime();
            try (LauncherRun launched = LauncherRun.start(yaml, folder.resolve("data-" + run),
                folder.resolve("run-" + run + ".log"), Map.of("CDC_WIZARD_JAVA_OPTS",
                    "-Xmx" + (Runtime.getRuntime().maxMemory() >> 20) + "m " + System.getenv().getOrDefault(
                        "BENCH_LAUNCHER_OPTS", ""), "CDC_WIZARD_CLASS_ARCHIVE",
                    method.equals(LAUNCHER_METHOD + " (class archive)") ? "on" : "off"))) {
              Catalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
              CommittedRows committed = new CommittedRows(catalog, warehouse, target);
              while (committed.get() < rows) {
                if (!launched.alive()) {
                  throw new IllegalStateException("cdc-wizard run ended early; see " + folder.resolve("run-" + run + ".log"));
                }
                Thread.sleep(100);
              }
              report(round, method, rows, megabytes, started, catalog, target);
            }
            continue;
          }
          PipelineDefinition definition = definition(postgres, warehouse, parallelism, method, table);
          long started = System.nanoTime();
          try (EmbeddedPipelineRun pipeline = method.equals("own")
              ? EmbeddedPipelineRun.startOrResume(definition, folder.resolve("checkpoints-" + run), true)
              : EmbeddedPipelineRun.start(definition, LaunchOptions.FRESH)) {
            Catalog catalog = IcebergCatalogs.loader(pipeline.prepared()).loadCatalog();
            CommittedRows committed = new CommittedRows(catalog, warehouse, target);
            while (committed.get() < rows) {
              if (pipeline.status().isGloballyTerminalState()) {
                throw new IllegalStateException("The pipeline ended early", pipeline.failure());
              }
              Thread.sleep(100);
            }
            report(round, method, rows, megabytes, started, catalog, target);
          }
        }
      }
    }
  }

  private static void report(int round, String method, long rows, double megabytes, long started, Catalog catalog,
      TableIdentifier target) throws Exception {
    long millis = (System.nanoTime() - started) / 1_000_000;
    Table written = catalog.loadTable(target);
    Map<String, String> summary = written.currentSnapshot().summary();
    long readStarted = System.nanoTime();
    long read = countRows(written);
    long readMillis = (System.nanoTime() - readStarted) / 1_000_000;
    System.out.printf("round %d, %-18s: %,9.0f rows/s, %6.1f MB/s (%,6d ms start to all rows committed); "
            + "equality deletes %s; full read %,d rows in %,d ms%n", round, method, rows * 1000.0 / millis,
        megabytes * 1000.0 / millis, millis, summary.getOrDefault("total-equality-deletes", "0"), read,
        readMillis);
  }

  /** Reads the whole table with one binary COPY into nothing, and returns the megabytes it sent. */
  private static double copyLimit(EmbeddedPostgresServer postgres, String table, int round, long rows)
      throws Exception {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
      long[] bytes = {0};
      OutputStream counter = new OutputStream() {
        @Override
        public void write(int b) {
          bytes[0]++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
          bytes[0] += len;
        }
      };
      long started = System.nanoTime();
      new CopyManager(connection.unwrap(BaseConnection.class)).copyOut(
          "COPY public." + table + " TO STDOUT (FORMAT binary)", counter);
      long millis = Math.max(1, (System.nanoTime() - started) / 1_000_000);
      double megabytes = bytes[0] / 1e6;
      System.out.printf("round %d, %-18s: %,9.0f rows/s, %6.1f MB/s (%,6d ms, %.1f MB)%n", round,
          "COPY TO STDOUT", rows * 1000.0 / millis, megabytes * 1000.0 / millis, millis, megabytes);
      return megabytes;
    }
  }

  private static PipelineDefinition definition(EmbeddedPostgresServer postgres, Path warehouse, int parallelism,
      String method, String table) throws Exception {
    PipelineDefinitionBuilder builder = PipelineDefinitionBuilder.from(new PipelineYamlReader().read(
        pipelineYaml(postgres, warehouse, parallelism, table)));
    if (method.equals("flink-cdc tuned")) {
      // the wizard's snapshot settings
      builder.sourceOption(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE, "100000")
          .sourceOption(PostgresSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE, "10000")
          .sourceOption(PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP, "true");
    }
    return builder.build();
  }

  /** The tutorial's pipeline YAML, for {@code table}. */
  private static String pipelineYaml(EmbeddedPostgresServer postgres, Path warehouse, int parallelism, String table) {
    return TutorialFixture.pipelineYaml(postgres, warehouse, parallelism)
        .replace("public.orders", "public." + table).replace("ods.orders", "ods." + table);
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

  /**
   * Runs the polling and the full read once on a table of its own: in a cold JVM the benchmark's own
   * first Iceberg reads take a core for seconds, which the first round's method would pay for.
   */
  private static void warmObserver(Path warehouse) throws Exception {
    Catalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    TableIdentifier table = TableIdentifier.of("ods", "warm_up");
    catalog.createTable(table, new org.apache.iceberg.Schema(
        org.apache.iceberg.types.Types.NestedField.required(1, "id", org.apache.iceberg.types.Types.LongType.get())))
        .newAppend().commit();
    CommittedRows committed = new CommittedRows(catalog, warehouse, table);
    for (int poll = 0; poll < 200; poll++) {
      committed.get();
      committedRecords(catalog, table);
    }
    countRows(catalog.loadTable(table));
  }

  static long committedRecords(Catalog catalog, TableIdentifier target) {
    if (!catalog.tableExists(target)) {
      return 0;
    }
    Table table = catalog.loadTable(target);
    table.refresh();
    Snapshot snapshot = table.currentSnapshot();
    return snapshot == null ? 0 : Long.parseLong(snapshot.summary().getOrDefault("total-records", "0"));
  }
}
