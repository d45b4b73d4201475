package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.preview.TableHealth;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.sink.iceberg.TableCompaction;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Not a test: what streaming does to an Iceberg table's reads, and what a compaction gives back (issue #23).
 * After the snapshot of N tutorial orders rows (default 100,000), one writer changes the table at a fixed
 * rate (default 500 changes/s, in transactions of 8 updates, 1 delete and 1 insert) for D seconds (default
 * 120) at the tutorial's 3 s checkpoints; once Iceberg holds every change, a full read of the table (every
 * row, deletes applied, as a query engine reads it) is timed three times, then the engine's compaction
 * ({@code cdc-wizard compact}), then the same read three times. Prints the table's files and deletes
 * before and after. Run with bench/table-read.sh; results in docs/benchmarks/table-maintenance.md.
 *
 * <p>Arguments: rows, seconds, changes per second.
 */
public final class TableReadBenchmark {
  private static final TableIdentifier TARGET = TableIdentifier.of("ods", "orders");
  private static final int READS = 3;

  private TableReadBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 100_000;
    int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 120;
    int rate = args.length > 2 ? Integer.parseInt(args[2]) : 500;
    Path folder = Files.createTempDirectory("table-read-bench");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      BenchTables.orders(postgres, rows);
      postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      String yaml = TutorialFixture.pipelineYaml(postgres, folder.resolve("warehouse"), 1)
          .replace("execution.checkpointing.interval: 1s", "execution.checkpointing.interval: 3s");
      try (EmbeddedPipelineRun pipeline = EmbeddedPipelineRun.startOrResume(new PipelineYamlReader().read(yaml),
          folder.resolve("checkpoints"), true)) {
        Catalog catalog = IcebergCatalogs.loader(pipeline.prepared()).loadCatalog();
        awaitRows(catalog, rows);
        long changes = write(postgres, rows, seconds, rate);
        long sourceRows = Long.parseLong(TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
            "SELECT count(*) FROM public.orders"));
        awaitRows(catalog, sourceRows);
        System.out.printf("%,d rows copied, then %,d changes in %d s at %d changes/s; %,d rows now, %d core(s)%n",
            rows, changes, seconds, rate, sourceRows, Runtime.getRuntime().availableProcessors());
        Table table = catalog.loadTable(TARGET);
        report("after streaming", table, catalog);
        long started = System.nanoTime();
        TableCompaction.Compacted compacted = TableCompaction.compact(table);
        System.out.printf("compaction: %,d ms, %d data + %d delete files into %d data files%n",
            (System.nanoTime() - started) / 1_000_000, compacted.dataFilesBefore(), compacted.deleteFilesBefore(),
            compacted.dataFilesAfter());
        table.refresh();
        report("after compaction", table, catalog);
      }
    }
  }

  private static long write(EmbeddedPostgresServer postgres, long rows, int seconds, int rate) throws Exception {
    long changes = 0;
    long nextId = 10_000_000L;
    long nanosPerTransaction = 1_000_000_000L * 10 / rate;
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        PreparedStatement update = connection.prepareStatement(
            "UPDATE public.orders SET amount = amount + 1, order_status = 'SHIPPED' WHERE id = ?");
        PreparedStatement delete = connection.prepareStatement("DELETE FROM public.orders WHERE id = ?");
        PreparedStatement insert = connection.prepareStatement(
            "INSERT INTO public.orders VALUES (?, 'new customer', 9.99, 'NEW')")) {
      connection.setAutoCommit(false);
      long end = System.nanoTime() + seconds * 1_000_000_000L;
      for (long next = System.nanoTime(); next < end; next += nanosPerTransaction) {
        long wait = next - System.nanoTime();
        if (wait > 0) {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
        for (int i = 0; i < 8; i++) {
          update.setLong(1, randomRow(rows));
          update.addBatch();
        }
        update.executeBatch();
        delete.setLong(1, randomRow(rows));
        delete.executeUpdate();
        insert.setLong(1, nextId++);
        insert.executeUpdate();
        connection.commit();
        changes += 10;
      }
    }
    return changes;
  }

  private static long randomRow(long rows) {
    return 1000 + ThreadLocalRandom.current().nextLong(1, rows - 2);
  }

  private static void report(String when, Table table, Catalog catalog) throws Exception {
    TableHealth health = new IcebergTablePreview(catalog).health(TARGET);
    long[] millis = new long[READS];
    long read = 0;
    for (int i = 0; i < READS; i++) {
      long started = System.nanoTime();
      read = readAll(table);
      millis[i] = (System.nanoTime() - started) / 1_000_000;
    }
    Arrays.sort(millis);
    System.out.printf("%s: full read of %,d rows min %,d / median %,d / max %,d ms; %d data files (%,d rows, %,d bytes),"
            + " %d equality delete files (%,d rows), %d position delete files (%,d rows), %d snapshots, verdict %s%n",
        when, read, millis[0], millis[READS / 2], millis[READS - 1], health.dataFiles(), health.dataRows(),
        health.dataBytes(), health.equalityDeleteFiles(), health.equalityDeleteRows(), health.positionDeleteFiles(),
        health.positionDeleteRows(), health.snapshots(), health.verdict());
  }

  /** Every column of every row, deletes applied, as a query reads the table. */
  private static long readAll(Table table) throws Exception {
    long rows = 0;
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      for (Record record : records) {
        rows += record.size() > 0 ? 1 : 0;
      }
    }
    return rows;
  }

  private static void awaitRows(Catalog catalog, long rows) throws Exception {
    Table table = catalog.loadTable(TARGET);
    while (true) {
      table.refresh();
      if (table.currentSnapshot() != null && readAll(table) == rows) {
        return;
      }
      Thread.sleep(2_000);
    }
  }
}
