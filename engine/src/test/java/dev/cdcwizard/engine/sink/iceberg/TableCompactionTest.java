package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.encryption.EncryptedOutputFile;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compaction of a real Iceberg table on disk, with a streaming writer's commits: equality deletes, and
 * one committed while the compaction runs, which must still delete its row from the rewritten files.
 */
class TableCompactionTest {
  private static final Schema SCHEMA = new Schema(List.of(Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "status", Types.StringType.get())), java.util.Set.of(1));

  @TempDir Path warehouse;
  private Table table;
  private GenericAppenderFactory appenders;
  private int files;

  @BeforeEach
  void create() {
    table = new org.apache.iceberg.hadoop.HadoopCatalog(new Configuration(), warehouse.toUri().toString())
        .createTable(TableIdentifier.of("ods", "orders"), SCHEMA, org.apache.iceberg.PartitionSpec.unpartitioned(),
            java.util.Map.of("format-version", "2"));
    appenders = new GenericAppenderFactory(SCHEMA, table.spec(), new int[] {1}, SCHEMA.select("id"), null);
  }

  @Test
  void rewritesWithEveryDeleteAppliedAndADeleteCommittedMeanwhileStillApplies() throws Exception {
    table.newAppend().appendFile(data(1, 2, 3)).commit();
    table.newRowDelta().addRows(data(4, 5)).addDeletes(deleteIds(2)).commit();
    table.newRowDelta().addRows(data(6)).addDeletes(deleteIds(4)).commit();

    TableCompaction.Rewrite rewrite = TableCompaction.Rewrite.plan(table);
    rewrite.write(TableCompaction.Progress.NONE);
    // the pipeline commits an update of key 5 while the compaction writes
    table.newRowDelta().addRows(data(5)).addDeletes(deleteIds(5)).commit();
    rewrite.commit();

    assertThat(ids()).containsExactlyInAnyOrder(1L, 3L, 5L, 6L);
    table.refresh();
    assertThat(table.currentSnapshot().operation()).isEqualTo("replace");
    assertThat(TableCompaction.compact(table).rewritten()).isTrue();
    assertThat(ids()).containsExactlyInAnyOrder(1L, 3L, 5L, 6L);
    assertThat(TableCompaction.compact(table).rewritten()).as("one file, no deletes: nothing to do").isFalse();
  }

  /**
   * Issue 23: a table that only grows gets a small file per checkpoint; its compaction rewrote every file,
   * the large ones too, so each one cost the whole table. Now only the small ones are read and rewritten.
   */
  @Test
  void aTableWithoutDeletesHasOnlyItsSmallFilesRewritten() throws Exception {
    DataFile large = appendFileOfTheTargetSize();
    table.newAppend().appendFile(data(1)).commit();
    assertThat(TableCompaction.compact(table).rewritten()).as("one small file beside a large one").isFalse();
    table.newAppend().appendFile(data(2, 3)).commit();
    table.newAppend().appendFile(data(4)).commit();

    TableCompaction.Compacted compacted = TableCompaction.compact(table);

    assertThat(compacted.rewritten()).isTrue();
    assertThat(compacted.dataFilesBefore()).as("the small files").isEqualTo(3);
    assertThat(compacted.dataFilesKept()).isEqualTo(1);
    assertThat(compacted.rows()).isEqualTo(4);
    assertThat(ids()).hasSize(2_004).contains(1L, 2L, 3L, 4L, 1_000L, 2_999L);
    try (CloseableIterable<org.apache.iceberg.FileScanTask> tasks = table.newScan().planFiles()) {
      List<String> live = new ArrayList<>();
      tasks.forEach(task -> live.add(task.file().location()));
      assertThat(live).hasSize(2).contains(large.location());
    }
  }

  /**
   * Issue 23: a streamed table has delete files from its first change (an upsert deletes before it inserts), and
   * every compaction of it rewrote the whole table. Its small files are gathered with their deletes applied, the
   * large file and the deletes that apply to it stay, a delete that applied only to rewritten files goes, and an
   * update the pipeline commits while the compaction writes still applies: every key once, as before.
   */
  @Test
  void aTableWithDeletesHasItsSmallFilesRewrittenWithTheirDeletesApplied() throws Exception {
    DataFile large = appendFileOfTheTargetSize();
    // updates of 1000 and 1001 (deleted from the large file, 1001 written again), inserts of 1 to 4, 2 deleted
    table.newRowDelta().addRows(data(1)).addDeletes(deleteIds(1_000, 1)).commit();
    table.newRowDelta().addRows(data(2, 1_001)).addDeletes(deleteIds(2, 1_001)).commit();
    DataFile withPositionDelete = data(3, 4);
    table.newRowDelta().addRows(withPositionDelete).addDeletes(deleteIds(3, 4))
        .addDeletes(deletePositions(withPositionDelete, 1)).commit();
    table.newRowDelta().addDeletes(deleteIds(2)).commit();
    List<Long> before = ids();

    TableCompaction.Rewrite rewrite = TableCompaction.Rewrite.plan(table);
    rewrite.leaveSettledFiles();
    rewrite.write(TableCompaction.Progress.NONE);
    // the pipeline commits an update of key 3 while the compaction writes
    table.newRowDelta().addRows(data(3)).addDeletes(deleteIds(3)).commit();
    rewrite.commit();

    assertThat(ids()).containsExactlyInAnyOrderElementsOf(before).hasSize(2_001)
        .contains(1L, 3L, 1_001L).doesNotContain(2L, 4L, 1_000L);
    try (CloseableIterable<org.apache.iceberg.FileScanTask> tasks = table.newScan().planFiles()) {
      List<String> live = new ArrayList<>();
      tasks.forEach(task -> live.add(task.file().location()));
      assertThat(live).as("the large file, the three small ones in one, the update made meanwhile")
          .hasSize(3).contains(large.location());
    }
    assertThat(TableCompaction.compactSmallFiles(table).dataFilesBefore()).as("the two small files").isEqualTo(2);
    assertThat(ids()).containsExactlyInAnyOrderElementsOf(before);
    assertThat(TableCompaction.compact(table).rewritten()).as("the whole table, every delete applied").isTrue();
    assertThat(ids()).containsExactlyInAnyOrderElementsOf(before);
    table.refresh();
    assertThat(table.currentSnapshot().summary()).containsEntry("total-delete-files", "0");
  }

  /**
   * Issue 23: an upsert's equality delete of keys above every older file's ids applies to no file, so Iceberg's
   * plan attaches it to none, and the compaction left it for the table's life, counted in the delete share
   * that asks for the next one. Both compactions drop it; one that still applies to a file left stays.
   */
  @Test
  void deleteFilesThatApplyToNoFileAreDropped() throws Exception {
    table.newAppend().appendFile(data(1, 2)).commit();
    table.newRowDelta().addRows(data(10, 11)).addDeletes(deleteIds(10, 11)).commit();
    table.newRowDelta().addRows(data(12)).addDeletes(deleteIds(12)).commit();

    assertThat(TableCompaction.compactSmallFiles(table).rewritten()).isTrue();
    table.refresh();
    assertThat(table.currentSnapshot().summary()).containsEntry("total-delete-files", "0");
    assertThat(ids()).containsExactlyInAnyOrder(1L, 2L, 10L, 11L, 12L);

    table.newRowDelta().addRows(data(20)).addDeletes(deleteIds(20)).commit();
    assertThat(TableCompaction.compact(table).rewritten()).isTrue();
    table.refresh();
    assertThat(table.currentSnapshot().summary()).containsEntry("total-delete-files", "0");
    assertThat(ids()).containsExactlyInAnyOrder(1L, 2L, 10L, 11L, 12L, 20L);
  }

  /**
   * Issue 23: "Compact now" (or {@code cdc-wizard compact}) while the job's own compaction of the same table runs:
   * both planned from one snapshot. The second commit is refused, its files deleted, and the rows stay as the first
   * left them; a later compaction plans afresh.
   */
  @Test
  void twoCompactionsOfOneSnapshotCommitOnceAndTheOtherLeavesNoFile() throws Exception {
    table.newAppend().appendFile(data(1, 2, 3)).commit();
    table.newRowDelta().addRows(data(4, 5)).addDeletes(deleteIds(2)).commit();

    TableCompaction.Rewrite scheduled = TableCompaction.Rewrite.plan(table);
    TableCompaction.Rewrite onDemand = TableCompaction.Rewrite.plan(table);
    scheduled.write(TableCompaction.Progress.NONE);
    onDemand.write(TableCompaction.Progress.NONE);
    table.newRowDelta().addRows(data(6)).addDeletes(deleteIds(1)).commit();
    scheduled.commit();

    assertThatThrownBy(onDemand::commit).isInstanceOf(ValidationException.class);
    assertThat(ids()).containsExactlyInAnyOrder(3L, 4L, 5L, 6L);
    assertThat(compactionFilesOnDisk()).as("only the committed compaction's files")
        .containsExactlyInAnyOrderElementsOf(liveCompactedFiles());
    assertThat(TableCompaction.compact(table).rewritten()).isTrue();
    assertThat(ids()).containsExactlyInAnyOrder(3L, 4L, 5L, 6L);
  }

  /** The wizard's Compact now and {@code cdc-wizard compact} show how far it is: from none of the rows to all. */
  @Test
  void tellsItsProgressFromNoneOfTheRowsToAll() throws Exception {
    table.newAppend().appendFile(data(1, 2, 3)).commit();
    table.newRowDelta().addRows(data(4, 5)).addDeletes(deleteIds(2)).commit();
    List<long[]> told = new ArrayList<>();

    TableCompaction.compact(table, (written, planned) -> told.add(new long[] {written, planned}));

    assertThat(told).first().isEqualTo(new long[] {0, 5});
    assertThat(told).last().as("the deleted row is not written").isEqualTo(new long[] {4, 4});
  }

  /**
   * A compaction stalled for over a minute, whose marker another compaction took for a dead one's and removed
   * with its files: committing would name files that are gone. It gives up, and the rows stay as they were.
   */
  @Test
  void aCompactionWhoseMarkerWasTakenForDeadDoesNotCommit() throws Exception {
    table.newAppend().appendFile(data(1, 2, 3)).commit();
    table.newRowDelta().addRows(data(4)).addDeletes(deleteIds(2)).commit();
    TableCompaction.Rewrite stalled = TableCompaction.Rewrite.plan(table);
    stalled.write(TableCompaction.Progress.NONE);
    try (var markers = Files.list(location().resolve(StoreClock.FOLDER))) {
      for (Path marker : markers.toList()) {
        Files.delete(marker);
      }
    }

    assertThatThrownBy(stalled::commit).isInstanceOf(IllegalStateException.class).hasMessageContaining("marker");
    assertThat(ids()).containsExactlyInAnyOrder(1L, 3L, 4L);
    assertThat(compactionFilesOnDisk()).isEmpty();
  }

  /** {@code cdc-wizard compact} and Compact now first delete what a compaction killed a minute ago wrote. */
  @Test
  void aCompactionFirstDeletesTheFilesOfOneThatDiedBeforeItsCommit() throws Exception {
    table.newAppend().appendFile(data(1, 2, 3)).commit();
    table.newRowDelta().addRows(data(4)).addDeletes(deleteIds(2)).commit();
    Path marker = Files.createDirectories(location().resolve(StoreClock.FOLDER)).resolve(".compaction-dead");
    Files.writeString(marker, "0");
    Path left = Files.writeString(location().resolve("data").resolve("00000-0-compact-dead-00001.parquet"), "cut off");
    for (Path file : List.of(marker, left)) {
      Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(
          System.currentTimeMillis() - CompactionLease.EXPIRY.toMillis() - 10_000));
    }

    assertThat(TableCompaction.compact(table).rewritten()).isTrue();

    assertThat(left).doesNotExist();
    assertThat(marker).doesNotExist();
    assertThat(ids()).containsExactlyInAnyOrder(1L, 3L, 4L);
  }

  /** A compaction that died after its commit, before it removed its marker: the files it committed stay. */
  @Test
  void theFilesOfACompactionWhoseCommitWentThroughStayWhenItsMarkerIsLeft() throws Exception {
    table.newAppend().appendFile(data(1, 2, 3)).commit();
    table.newRowDelta().addRows(data(4)).addDeletes(deleteIds(2)).commit();
    assertThat(TableCompaction.compact(table).rewritten()).isTrue();
    String committed = liveCompactedFiles().get(0);
    String operation = committed.substring(committed.indexOf("compact-") + "compact-".length(), committed.lastIndexOf('-'));
    Path marker = Files.createDirectories(location().resolve(StoreClock.FOLDER)).resolve(".compaction-" + operation);
    Files.writeString(marker, "0");
    Files.setLastModifiedTime(marker, java.nio.file.attribute.FileTime.fromMillis(
        System.currentTimeMillis() - CompactionLease.EXPIRY.toMillis() - 10_000));

    assertThat(CompactionLease.removeDead(table)).isZero();
    assertThat(marker).doesNotExist();
    assertThat(compactionFilesOnDisk()).containsExactly(committed);
    assertThat(ids()).containsExactlyInAnyOrder(1L, 3L, 4L);
  }

  /**
   * A column added since the table's last commit (the dynamic sink adds it before the next data commit,
   * widen-column while the pipeline is stopped): the rows read in the planned snapshot's schema did not fit
   * the writer, in the table's current one, and the compaction failed until the next data commit.
   */
  @Test
  void aColumnAddedSinceTheLastCommitReadsAsNull() throws Exception {
    table.newAppend().appendFile(data(1, 2)).commit();
    table.newRowDelta().addRows(data(3)).addDeletes(deleteIds(2)).commit();
    table.updateSchema().addColumn("region", Types.StringType.get()).commit();

    assertThat(TableCompaction.compact(table).rewritten()).isTrue();

    assertThat(ids()).containsExactlyInAnyOrder(1L, 3L);
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> assertThat(record.getField("region")).isNull());
    }
  }

  /** A small file alone in its partition would be rewritten into one as small, at every compaction. */
  @Test
  void aSmallFileAloneInItsPartitionIsLeftAsItIs() throws Exception {
    Table partitioned = new org.apache.iceberg.hadoop.HadoopCatalog(new Configuration(), warehouse.toUri().toString())
        .createTable(TableIdentifier.of("ods", "by_status"), SCHEMA,
            org.apache.iceberg.PartitionSpec.builderFor(SCHEMA).identity("status").build(),
            java.util.Map.of("format-version", "2"));
    GenericAppenderFactory writers = new GenericAppenderFactory(SCHEMA, partitioned.spec());
    partitioned.newAppend().appendFile(partitionFile(partitioned, writers, "NEW", 1)).commit();
    partitioned.newAppend().appendFile(partitionFile(partitioned, writers, "NEW", 2)).commit();
    partitioned.newAppend().appendFile(partitionFile(partitioned, writers, "SHIPPED", 3)).commit();

    TableCompaction.Compacted compacted = TableCompaction.compact(partitioned);

    assertThat(compacted.dataFilesBefore()).as("the two of NEW").isEqualTo(2);
    assertThat(compacted.dataFilesKept()).as("SHIPPED's one").isEqualTo(1);
    assertThat(TableCompaction.compact(partitioned).rewritten()).as("one file per partition").isFalse();
    // a null and the string "null" are two partitions, though their paths read the same
    partitioned.newAppend().appendFile(partitionFile(partitioned, writers, null, 4)).commit();
    partitioned.newAppend().appendFile(partitionFile(partitioned, writers, "null", 5)).commit();
    assertThat(TableCompaction.compact(partitioned).rewritten()).as("still one file per partition").isFalse();
    partitioned.refresh();
    assertThat(partitioned.currentSnapshot().summary()).containsEntry("total-records", "5")
        .containsEntry("total-data-files", "4");
  }

  private DataFile partitionFile(Table partitioned, GenericAppenderFactory writers, String status, long id)
      throws IOException {
    GenericRecord row = GenericRecord.create(SCHEMA);
    row.setField("id", id);
    row.setField("status", status);
    org.apache.iceberg.PartitionKey partition = new org.apache.iceberg.PartitionKey(partitioned.spec(), SCHEMA);
    partition.partition(row);
    DataWriter<Record> writer = writers.newDataWriter(EncryptedFiles.plainAsEncryptedOutput(partitioned.io()
        .newOutputFile(partitioned.locationProvider().newDataLocation(partitioned.spec(), partition,
            "p-" + (files++) + ".parquet"))), FileFormat.PARQUET, partition);
    try (writer) {
      writer.write(row);
    }
    return writer.toDataFile();
  }

  /** Ids 1000 to 2999 in one file, appended, whose size the table then takes as its target: a file left as it is. */
  private DataFile appendFileOfTheTargetSize() throws IOException {
    long[] copied = new long[2_000];
    java.util.Arrays.setAll(copied, index -> 1_000L + index);
    DataFile large = data(copied);
    table.updateProperties().set("write.target-file-size-bytes", String.valueOf(large.fileSizeInBytes())).commit();
    table.newAppend().appendFile(large).commit();
    return large;
  }

  private Path location() {
    return Path.of(table.location().replace("file:", ""));
  }

  private List<String> compactionFilesOnDisk() throws IOException {
    try (var written = Files.walk(warehouse)) {
      return written.map(file -> file.getFileName().toString())
          .filter(name -> name.contains("compact-") && !name.endsWith(".crc")).toList();
    }
  }

  private List<String> liveCompactedFiles() throws IOException {
    table.refresh();
    List<String> live = new ArrayList<>();
    try (CloseableIterable<org.apache.iceberg.FileScanTask> tasks = table.newScan().planFiles()) {
      tasks.forEach(task -> live.add(Path.of(task.file().location().replace("file:", "")).getFileName().toString()));
    }
    return live.stream().filter(name -> name.contains("compact-")).toList();
  }

  private List<Long> ids() throws IOException {
    table.refresh();
    List<Long> ids = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      records.forEach(record -> ids.add((Long) record.getField("id")));
    }
    return ids;
  }

  private DataFile data(long... ids) throws IOException {
    DataWriter<Record> writer = appenders.newDataWriter(output(), FileFormat.PARQUET, null);
    try (writer) {
      for (long id : ids) {
        writer.write(record(id));
      }
    }
    return writer.toDataFile();
  }

  private DeleteFile deleteIds(long... ids) throws IOException {
    EqualityDeleteWriter<Record> writer = appenders.newEqDeleteWriter(output(), FileFormat.PARQUET, null);
    try (writer) {
      for (long id : ids) {
        GenericRecord key = GenericRecord.create(SCHEMA.select("id"));
        key.setField("id", id);
        writer.write(key);
      }
    }
    return writer.toDeleteFile();
  }

  private DeleteFile deletePositions(DataFile file, long... positions) throws IOException {
    org.apache.iceberg.deletes.PositionDeleteWriter<Record> writer =
        appenders.newPosDeleteWriter(output(), FileFormat.PARQUET, null);
    try (writer) {
      for (long position : positions) {
        writer.write(org.apache.iceberg.deletes.PositionDelete.<Record>create().set(file.location(), position, null));
      }
    }
    return writer.toDeleteFile();
  }

  private static Record record(long id) {
    GenericRecord record = GenericRecord.create(SCHEMA);
    record.setField("id", id);
    record.setField("status", "NEW");
    return record;
  }

  private EncryptedOutputFile output() {
    return EncryptedFiles.plainAsEncryptedOutput(
        table.io().newOutputFile(table.locationProvider().newDataLocation("test-" + (files++) + ".parquet")));
  }
}
