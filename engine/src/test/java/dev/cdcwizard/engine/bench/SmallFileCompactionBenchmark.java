package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.sink.iceberg.TableCompaction;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.types.Types;

/**
 * Not a test: the compaction of a table that only grows (issue #23). A table of the tutorial's orders
 * shape holds ROWS rows in files of its target size (default 2,000,000 rows, a target of 16 MB), then
 * SMALL files of 100 rows each, as a checkpoint a few seconds long leaves them (default 200); no delete.
 * Times {@code TableCompaction.compact} (what {@code cdc-wizard compact} and the job's schedule run) and
 * prints what it rewrote. Run with bench/compaction.sh, which runs it once more on the engine's classes of
 * another checkout (BASELINE) for a side-by-side figure; results in docs/benchmarks/table-maintenance.md.
 *
 * <p>Arguments: rows, small files, target file size in MB, and {@code upserts} for a streamed table: each small
 * commit as the pipeline's upsert writer makes it (50 updates, 50 inserts, every key in an equality delete),
 * compacted once by its small files with their deletes and, built again, once whole.
 */
public final class SmallFileCompactionBenchmark {
  private static final Schema ORDERS = new Schema(List.of(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.required(2, "customer_name", Types.StringType.get()),
      Types.NestedField.required(3, "amount", Types.DecimalType.of(10, 2)),
      Types.NestedField.required(4, "order_status", Types.StringType.get())), Set.of(1));

  private SmallFileCompactionBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 2_000_000;
    int smallFiles = args.length > 1 ? Integer.parseInt(args[1]) : 200;
    long targetBytes = (args.length > 2 ? Long.parseLong(args[2]) : 16) * 1024 * 1024;
    boolean upserts = args.length > 3 && args[3].equals("upserts");
    if (!upserts) {
      Table table = table(rows, smallFiles, targetBytes, false);
      time("compaction", table, () -> TableCompaction.compact(table));
      return;
    }
    // the same streamed table twice: its small files with their deletes, then the whole of it, as before
    Table first = table(rows, smallFiles, targetBytes, true);
    long read = countRows(first);
    time("small files, their deletes applied", first, () -> TableCompaction.compactSmallFiles(first));
    countRows(first);
    Table second = table(rows, smallFiles, targetBytes, true);
    time("whole table (the code before)", second, () -> TableCompaction.compact(second));
    System.out.printf("rows read before compaction: %,d%n", read);
    countRows(second);
  }

  /**
   * ROWS rows in files of the target size, then SMALL commits of 100 rows: inserts only, or, with upserts, as
   * the pipeline's upsert writer commits them: 50 updates of copied rows and 50 inserts, each key in the
   * commit's equality delete.
   */
  private static Table table(long rows, int smallFiles, long targetBytes, boolean upserts) throws Exception {
    Path warehouse = Files.createTempDirectory("compaction-bench");
    Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString()).createTable(
        TableIdentifier.of("ods", "orders"), ORDERS, PartitionSpec.unpartitioned(),
        Map.of("format-version", "2", "write.target-file-size-bytes", String.valueOf(targetBytes)));
    GenericAppenderFactory appenders = new GenericAppenderFactory(ORDERS, PartitionSpec.unpartitioned(),
        new int[] {1}, ORDERS.select("id"), null);
    long id = 0;
    AppendFiles copy = table.newAppend();
    while (id < rows) {
      DataWriter<Record> writer = writer(table, appenders);
      try (writer) {
        while (id < rows && writer.length() < targetBytes) {
          writer.write(order(++id));
        }
      }
      copy.appendFile(writer.toDataFile());
    }
    copy.commit();
    java.util.Random random = new java.util.Random(42);
    for (int file = 0; file < smallFiles; file++) {
      List<Long> keys = new java.util.ArrayList<>();
      for (int row = 0; row < 100; row++) {
        keys.add(upserts && row < 50 ? 1 + (long) (random.nextDouble() * rows) : ++id);
      }
      DataWriter<Record> writer = writer(table, appenders);
      try (writer) {
        for (long key : keys) {
          writer.write(order(key));
        }
      }
      if (!upserts) {
        table.newAppend().appendFile(writer.toDataFile()).commit();
        continue;
      }
      org.apache.iceberg.deletes.EqualityDeleteWriter<Record> deletes = appenders.newEqDeleteWriter(
          EncryptedFiles.plainAsEncryptedOutput(table.io().newOutputFile(
              table.locationProvider().newDataLocation(java.util.UUID.randomUUID() + ".parquet"))),
          FileFormat.PARQUET, null);
      try (deletes) {
        for (long key : keys) {
          GenericRecord deleted = GenericRecord.create(ORDERS.select("id"));
          deleted.setField("id", key);
          deletes.write(deleted);
        }
      }
      table.newRowDelta().addRows(writer.toDataFile()).addDeletes(deletes.toDeleteFile()).commit();
    }
    table.refresh();
    System.out.printf("%,d rows: %s data files, %s delete files, %s bytes; %d small commits of 100 rows%s, target"
            + " %,d bytes%n", id, table.currentSnapshot().summary().get("total-data-files"),
        table.currentSnapshot().summary().get("total-delete-files"),
        table.currentSnapshot().summary().get("total-files-size"), smallFiles, upserts ? " (50 updates, 50 inserts)" : "",
        targetBytes);
    return table;
  }

  private interface Compaction {
    TableCompaction.Compacted run() throws Exception;
  }

  private static void time(String what, Table table, Compaction compaction) throws Exception {
    long started = System.nanoTime();
    TableCompaction.Compacted compacted = compaction.run();
    long millis = (System.nanoTime() - started) / 1_000_000;
    table.refresh();
    System.out.printf("%s: %,d ms, %d data and %d delete files rewritten into %d (%,d rows); %s data files and %s"
            + " delete files now%n", what, millis, compacted.dataFilesBefore(), compacted.deleteFilesBefore(),
        compacted.dataFilesAfter(), compacted.rows(), table.currentSnapshot().summary().get("total-data-files"),
        table.currentSnapshot().summary().get("total-delete-files"));
  }

  /** The table's live rows, read with every delete applied, and how long the read took. */
  private static long countRows(Table table) throws Exception {
    long started = System.nanoTime();
    long count = 0;
    try (org.apache.iceberg.io.CloseableIterable<Record> records =
        org.apache.iceberg.data.IcebergGenerics.read(table).select("id").build()) {
      for (Record ignored : records) {
        count++;
      }
    }
    System.out.printf("  a full read: %,d rows in %,d ms%n", count, (System.nanoTime() - started) / 1_000_000);
    return count;
  }

  private static DataWriter<Record> writer(Table table, GenericAppenderFactory appenders) {
    return appenders.newDataWriter(EncryptedFiles.plainAsEncryptedOutput(table.io().newOutputFile(
        table.locationProvider().newDataLocation(java.util.UUID.randomUUID() + ".parquet"))), FileFormat.PARQUET, null);
  }

  private static Record order(long id) {
    GenericRecord order = GenericRecord.create(ORDERS);
    order.setField("id", id);
    order.setField("customer_name", "customer " + (id % 10_000));
    order.setField("amount", BigDecimal.valueOf(id % 100_000, 2));
    order.setField("order_status", id % 3 == 0 ? "SHIPPED" : "NEW");
    return order;
  }
}
