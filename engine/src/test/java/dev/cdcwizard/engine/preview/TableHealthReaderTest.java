package dev.cdcwizard.engine.preview;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.preview.TableHealth.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.deletes.EqualityDeleteWriter;
import org.apache.iceberg.encryption.EncryptedFiles;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real Iceberg tables in a temp warehouse, committed as a CDC sink commits: data, then equality deletes. */
class TableHealthReaderTest {
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "name", Types.StringType.get()));
  private static final Schema KEY = SCHEMA.select("id");

  @TempDir Path warehouse;
  private Table table;
  private int files;

  @BeforeEach
  void createTable() {
    HadoopCatalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    table = catalog.createTable(TableIdentifier.of(Namespace.of("ods"), "orders"), SCHEMA,
        PartitionSpec.unpartitioned());
  }

  @Test
  void aFreshCopyIsHealthy() throws IOException {
    table.newAppend().appendFile(dataFile(1, 100)).commit();

    TableHealth health = TableHealthReader.read("ods.orders", table);

    assertThat(health.verdict()).isEqualTo(Verdict.HEALTHY);
    assertThat(health.reasons()).isEmpty();
    assertThat(health.dataFiles()).isEqualTo(1);
    assertThat(health.dataRows()).isEqualTo(100);
    assertThat(health.smallestFileBytes()).isEqualTo(health.averageFileBytes()).isPositive();
    assertThat(health.equalityDeleteFiles()).isZero();
    assertThat(health.snapshots()).isEqualTo(1);
    assertThat(health.lastCompaction()).isEmpty();
  }

  @Test
  void equalityDeletesOfEveryCheckpointAdviseACompactionThenMakeItUrgent() throws IOException {
    table.newAppend().appendFile(dataFile(1, 20_000)).commit();
    for (long id = 1; id <= TableHealthReader.ADVISED_EQUALITY_DELETE_FILES; id++) {
      table.newRowDelta().addDeletes(equalityDelete(id, 1)).commit();
    }

    TableHealth advised = TableHealthReader.read("ods.orders", table);

    assertThat(advised.verdict()).isEqualTo(Verdict.COMPACTION_ADVISED);
    assertThat(advised.equalityDeleteFiles()).isEqualTo(10);
    assertThat(advised.equalityDeleteRows()).isEqualTo(10);
    assertThat(advised.snapshots()).isEqualTo(11);
    assertThat(advised.reasons()).extracting(UserMessage::key).containsExactly(TableHealthMessage.EQUALITY_DELETE_FILES);

    table.newRowDelta().addDeletes(equalityDelete(11, 10_000)).commit();
    TableHealth urgent = TableHealthReader.read("ods.orders", table);
    assertThat(urgent.verdict()).as("half of the rows deleted").isEqualTo(Verdict.URGENT);
    assertThat(urgent.reasons()).extracting(UserMessage::key)
        .containsExactly(TableHealthMessage.DELETED_SHARE, TableHealthMessage.EQUALITY_DELETE_FILES);
  }

  @Test
  void aSmallTableReadsFastWhateverShareOfItIsDeleted() throws IOException {
    table.newAppend().appendFile(dataFile(1, 6)).commit();
    table.newRowDelta().addDeletes(equalityDelete(1, 5)).commit();

    assertThat(TableHealthReader.read("ods.orders", table).verdict()).isEqualTo(Verdict.HEALTHY);
  }

  @Test
  void aRewriteIsTheLastCompaction() throws IOException {
    DataFile first = dataFile(1, 10);
    table.newAppend().appendFile(first).commit();
    table.newRewrite().deleteFile(first).addFile(dataFile(1, 10)).commit();

    TableHealth health = TableHealthReader.read("ods.orders", table);

    assertThat(health.lastCompaction()).contains(
        Instant.ofEpochMilli(table.currentSnapshot().timestampMillis()));
    assertThat(health.dataFiles()).isEqualTo(1);
  }

  private DataFile dataFile(long firstId, int rows) throws IOException {
    OutputFile file = table.io().newOutputFile(table.location() + "/data/rows-" + files++ + ".parquet");
    FileAppender<Record> appender = new GenericAppenderFactory(SCHEMA).newAppender(file, FileFormat.PARQUET);
    try (appender) {
      for (long id = firstId; id < firstId + rows; id++) {
        GenericRecord record = GenericRecord.create(SCHEMA);
        record.setField("id", id);
        record.setField("name", "row " + id);
        appender.add(record);
      }
    }
    return DataFiles.builder(PartitionSpec.unpartitioned()).withInputFile(file.toInputFile())
        .withMetrics(appender.metrics()).withFormat(FileFormat.PARQUET).build();
  }

  private DeleteFile equalityDelete(long firstId, int keys) throws IOException {
    OutputFile file = table.io().newOutputFile(table.location() + "/data/delete-" + files++ + ".parquet");
    GenericAppenderFactory factory = new GenericAppenderFactory(SCHEMA, PartitionSpec.unpartitioned(),
        new int[] {1}, KEY, null);
    EqualityDeleteWriter<Record> writer = factory.newEqDeleteWriter(EncryptedFiles.plainAsEncryptedOutput(file),
        FileFormat.PARQUET, null);
    try (writer) {
      for (long id = firstId; id < firstId + keys; id++) {
        GenericRecord key = GenericRecord.create(KEY);
        key.setField("id", id);
        writer.write(List.of(key));
      }
    }
    return writer.toDeleteFile();
  }
}
