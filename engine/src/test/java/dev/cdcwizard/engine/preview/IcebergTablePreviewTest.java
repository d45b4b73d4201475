package dev.cdcwizard.engine.preview;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.FileAppender;
import org.apache.iceberg.io.OutputFile;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real Iceberg table in a temp warehouse; no server involved. */
class IcebergTablePreviewTest {
  private static final Schema SCHEMA = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "name", Types.StringType.get()));
  private static final TableIdentifier ORDERS = TableIdentifier.of(Namespace.of("ods"), "orders");

  @TempDir Path warehouse;

  @Test
  void keepsTheFirstRowsByTheChosenColumn() throws IOException {
    IcebergTablePreview preview = new IcebergTablePreview(tableWithIds(5L, 3L, 9L, 1L, 7L));

    List<Map<String, Object>> rows = preview.rows(ORDERS, "id", 3);

    assertThat(rows).extracting(row -> row.get("id")).containsExactly(1L, 3L, 5L);
    assertThat(preview.rowCount(ORDERS)).isEqualTo(5);
  }

  @Test
  void withoutAnOrderStopsAtTheLimit() throws IOException {
    IcebergTablePreview preview = new IcebergTablePreview(tableWithIds(5L, 3L, 9L));

    assertThat(preview.rows(ORDERS, null, 2)).hasSize(2);
  }

  private HadoopCatalog tableWithIds(long... ids) throws IOException {
    HadoopCatalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    Table table = catalog.createTable(ORDERS, SCHEMA, PartitionSpec.unpartitioned());
    OutputFile file = table.io().newOutputFile(table.location() + "/data/rows.parquet");
    FileAppender<Record> appender = new GenericAppenderFactory(SCHEMA).newAppender(file, FileFormat.PARQUET);
    try (appender) {
      for (long id : ids) {
        GenericRecord record = GenericRecord.create(SCHEMA);
        record.setField("id", id);
        record.setField("name", "row " + id);
        appender.add(record);
      }
    }
    DataFile dataFile = DataFiles.builder(PartitionSpec.unpartitioned())
        .withInputFile(file.toInputFile())
        .withMetrics(appender.metrics())
        .withFormat(FileFormat.PARQUET)
        .build();
    table.newAppend().appendFile(dataFile).commit();
    return catalog;
  }
}
