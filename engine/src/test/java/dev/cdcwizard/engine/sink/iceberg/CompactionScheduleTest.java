package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileMetadata;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The delete-percent trigger reads the totals a table's current snapshot keeps, as the pipeline's commits leave them. */
class CompactionScheduleTest {
  private static final Schema SCHEMA = new Schema(List.of(Types.NestedField.required(1, "id", Types.LongType.get())),
      Set.of(1));

  @TempDir Path warehouse;

  @Test
  void aTableIsCompactedOnceItsDeletesReachTheShareOfItsRows() {
    Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString())
        .createTable(TableIdentifier.of("ods", "orders"), SCHEMA, PartitionSpec.unpartitioned(),
            Map.of("format-version", "2"));
    assertThat(CompactionSchedule.deletesReach(table.currentSnapshot(), 10)).as("no commit yet").isFalse();

    table.newAppend().appendFile(data("copy", 1_000)).commit();
    assertThat(CompactionSchedule.deletesReach(table.currentSnapshot(), 10)).as("no delete").isFalse();
    assertThat(CompactionSchedule.deletesReach(table.currentSnapshot(), 0)).as("0: by commits only").isTrue();

    table.newRowDelta().addRows(data("c1", 60)).addDeletes(equalityDeletes("d1", 60)).commit();
    assertThat(CompactionSchedule.deletesReach(table.currentSnapshot(), 10)).as("60 of 1,060 rows").isFalse();

    table.newRowDelta().addRows(data("c2", 50)).addDeletes(equalityDeletes("d2", 50)).commit();
    assertThat(CompactionSchedule.deletesReach(table.currentSnapshot(), 10)).as("110 of 1,110 rows").isFalse();

    table.newRowDelta().addDeletes(equalityDeletes("d3", 2)).commit();
    assertThat(CompactionSchedule.deletesReach(table.currentSnapshot(), 10)).as("112 of 1,110 rows").isTrue();
  }

  /** Issue 23: with a delete share asked, a table that only grows was never compacted, whatever its small files. */
  @Test
  void aTableIsCompactedOnceSmallFilesPileUp() {
    Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString())
        .createTable(TableIdentifier.of("ods", "orders"), SCHEMA, PartitionSpec.unpartitioned(),
            Map.of("format-version", "2"));
    long target = 1_000;
    assertThat(CompactionSchedule.smallFilesPileUp(table.currentSnapshot(), target)).as("no commit yet").isFalse();
    org.apache.iceberg.AppendFiles large = table.newFastAppend();
    for (int file = 0; file < 10; file++) {
      large.appendFile(data("large" + file, 100));
    }
    large.commit();
    assertThat(CompactionSchedule.smallFilesPileUp(table.currentSnapshot(), target))
        .as("10 files of the target size").isFalse();
    org.apache.iceberg.AppendFiles small = table.newFastAppend();
    for (int file = 0; file < 101; file++) {
      small.appendFile(data("small" + file, 1));
    }
    small.commit();
    assertThat(CompactionSchedule.smallFilesPileUp(table.currentSnapshot(), target))
        .as("101 small files beside them, which would fill 2 files of the target size").isFalse();
    table.newFastAppend().appendFile(data("small101", 1)).commit();
    assertThat(CompactionSchedule.smallFilesPileUp(table.currentSnapshot(), target)).isTrue();
    table.newRowDelta().addDeletes(equalityDeletes("d1", 1)).commit();
    assertThat(CompactionSchedule.smallFilesPileUp(table.currentSnapshot(), target))
        .as("with delete files too: the small files are gathered with their deletes applied").isTrue();
    assertThat(CompactionSchedule.deletesReach(table.currentSnapshot(), 10)).as("no delete").isFalse();
  }

  /**
   * Issue 23: a table that only grows never reaches a delete share, and was never compacted, so its
   * snapshots (one per checkpoint) stayed for its life; they are expired by the table's rules all the same.
   */
  @Test
  void snapshotsAreExpiredEvenWhenNoCompactionIsDue() {
    HadoopCatalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    TableIdentifier orders = TableIdentifier.of("ods", "orders");
    Table table = catalog.createTable(orders, SCHEMA, PartitionSpec.unpartitioned(), Map.of("format-version", "2",
        "history.expire.max-snapshot-age-ms", "1", "history.expire.min-snapshots-to-keep", "1"));
    for (int checkpoint = 1; checkpoint <= 3; checkpoint++) {
      table.newAppend().appendFile(data("c" + checkpoint, 10))
          .set(SnapshotExpiry.COMMITTED_CHECKPOINT, String.valueOf(checkpoint)).commit();
    }
    CompactionPlan plan = new CompactionPlan(null, List.of("ods.orders"), 10, 50, 1, Duration.ZERO);

    new CompactionSchedule(catalog, List.of(orders), plan, new KilledJobFiles("job", 0)).check();

    table.refresh();
    assertThat(table.snapshots()).as("the pipeline's newest commit alone").hasSize(1);
    assertThat(table.currentSnapshot().summary()).containsEntry(SnapshotExpiry.COMMITTED_CHECKPOINT, "3");
    assertThat(table.currentSnapshot().summary()).containsEntry("total-data-files", "3");
  }

  /**
   * Issue 23: a table whose small files are each alone in their partition has as many files as it needs, yet
   * counts as piled up: every check planned a compaction that found nothing. It is looked at again only once
   * 100 more data files came.
   */
  @Test
  void smallFilesAloneInTheirPartitionsAreNotPlannedAgainAtEveryCheck() throws Exception {
    HadoopCatalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    TableIdentifier orders = TableIdentifier.of("ods", "by_status");
    Schema withStatus = new Schema(List.of(Types.NestedField.required(1, "id", Types.LongType.get()),
        Types.NestedField.optional(2, "status", Types.StringType.get())), Set.of(1));
    PartitionSpec byStatus = PartitionSpec.builderFor(withStatus).identity("status").build();
    Table table = catalog.createTable(orders, withStatus, byStatus, Map.of("format-version", "2",
        "write.target-file-size-bytes", "1000"));
    org.apache.iceberg.AppendFiles lone = table.newFastAppend();
    for (int partition = 0; partition < 110; partition++) {
      lone.appendFile(DataFiles.builder(byStatus).withPath(warehouse.resolve("p" + partition + ".parquet").toString())
          .withPartitionPath("status=p" + partition).withFormat(FileFormat.PARQUET).withFileSizeInBytes(10)
          .withRecordCount(1).build());
    }
    lone.set(SnapshotExpiry.COMMITTED_CHECKPOINT, "1").commit();
    CompactionSchedule schedule = new CompactionSchedule(catalog, List.of(orders),
        new CompactionPlan(null, List.of("ods.by_status"), 1, 50, 1, Duration.ZERO), new KilledJobFiles("job", 0));

    assertThat(schedule.compactWhenDue(orders, table)).hasValueSatisfying(compacted ->
        assertThat(compacted.rewritten()).as("one small file in each partition").isFalse());
    table.newFastAppend().appendFile(DataFiles.builder(byStatus).withPath(warehouse.resolve("q.parquet").toString())
        .withPartitionPath("status=p110").withFormat(FileFormat.PARQUET).withFileSizeInBytes(10).withRecordCount(1)
        .build()).set(SnapshotExpiry.COMMITTED_CHECKPOINT, "2").commit();
    table.refresh();
    assertThat(schedule.compactWhenDue(orders, table)).as("not planned again for one more partition's file").isEmpty();
  }

  private DataFile data(String name, long rows) {
    return DataFiles.builder(PartitionSpec.unpartitioned()).withPath(warehouse.resolve(name + ".parquet").toString())
        .withFormat(FileFormat.PARQUET).withFileSizeInBytes(rows * 10).withRecordCount(rows).build();
  }

  private DeleteFile equalityDeletes(String name, long rows) {
    return FileMetadata.deleteFileBuilder(PartitionSpec.unpartitioned()).ofEqualityDeletes(1)
        .withPath(warehouse.resolve(name + ".parquet").toString()).withFormat(FileFormat.PARQUET)
        .withFileSizeInBytes(rows * 10).withRecordCount(rows).build();
  }
}
