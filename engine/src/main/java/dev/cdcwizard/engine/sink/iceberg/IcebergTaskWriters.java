package dev.cdcwizard.engine.sink.iceberg;

import java.util.Collection;
import java.util.Map;
import org.apache.flink.table.data.RowData;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.flink.FlinkSchemaUtil;
import org.apache.iceberg.flink.sink.RowDataTaskWriterFactory;
import org.apache.iceberg.io.TaskWriter;
import org.apache.iceberg.util.PropertyUtil;

/**
 * Writers of Flink rows into new files of a table, with the file size and format its properties ask for,
 * as Flink's Iceberg sink writes them: for the engine's own writes outside a Flink sink (its snapshot copy,
 * verify's repair).
 */
public final class IcebergTaskWriters {
  private IcebergTaskWriters() {}

  /**
   * @param equalityFieldIds the fields deletes are written by (empty: append only)
   * @param upsert whether an insert deletes its key first and a delete needs only its key
   * @param taskIndex keeps the file names of writers of one table apart
   */
  public static TaskWriter<RowData> create(Table table, Collection<Integer> equalityFieldIds, boolean upsert,
      int taskIndex) {
    Map<String, String> properties = table.properties();
    RowDataTaskWriterFactory factory = new RowDataTaskWriterFactory(table, FlinkSchemaUtil.convert(table.schema()),
        PropertyUtil.propertyAsLong(properties, TableProperties.WRITE_TARGET_FILE_SIZE_BYTES,
            TableProperties.WRITE_TARGET_FILE_SIZE_BYTES_DEFAULT),
        FileFormat.fromString(properties.getOrDefault(TableProperties.DEFAULT_FILE_FORMAT,
            TableProperties.DEFAULT_FILE_FORMAT_DEFAULT)),
        properties, equalityFieldIds, upsert);
    factory.initialize(taskIndex, 0);
    return factory.create();
  }
}
