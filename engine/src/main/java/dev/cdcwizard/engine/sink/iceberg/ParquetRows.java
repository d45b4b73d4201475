package dev.cdcwizard.engine.sink.iceberg;

import java.util.Collection;
import java.util.Map;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.DeleteFilter;
import org.apache.iceberg.data.GenericDeleteFilter;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.PartitionUtil;

/**
 * The live rows of chosen Parquet data files, each with the delete files that apply to it, in the table's
 * current schema (a column added after a file was written reads as null): Iceberg's generic reader reads a
 * whole snapshot or nothing, and a compaction of small files reads only those.
 */
final class ParquetRows {
  private ParquetRows() {}

  static CloseableIterable<Record> read(Table table, Collection<FileScanTask> tasks) {
    return CloseableIterable.concat(tasks.stream().map(task -> read(table, task)).toList());
  }

  private static CloseableIterable<Record> read(Table table, FileScanTask task) {
    Schema schema = table.schema();
    DeleteFilter<Record> deletes = new GenericDeleteFilter(table.io(), task, schema, schema);
    // the deletes may need the row's position in its file besides the table's columns
    Schema required = deletes.requiredSchema();
    Map<Integer, ?> constants = PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant);
    CloseableIterable<Record> rows = Parquet.read(table.io().newInputFile(task.file().location()))
        .project(required)
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(required, fileSchema, constants))
        .build();
    return CloseableIterable.transform(deletes.filter(rows), row -> inSchema(row, schema));
  }

  private static Record inSchema(Record row, Schema schema) {
    GenericRecord copy = GenericRecord.create(schema);
    for (Types.NestedField field : schema.columns()) {
      copy.setField(field.name(), row.getField(field.name()));
    }
    return copy;
  }
}
