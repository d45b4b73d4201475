package dev.cdcwizard.engine.sink.iceberg;

import java.util.Collection;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetReaders;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.parquet.Parquet;

/**
 * The rows of chosen Parquet data files of a table without delete files, in the table's current schema (a
 * column added after a file was written reads as null): Iceberg's generic
 * reader reads a whole snapshot or nothing, and a compaction of small files reads only those.
 */
final class ParquetRows {
  private ParquetRows() {}

  static CloseableIterable<Record> read(Table table, Collection<DataFile> files) {
    return CloseableIterable.concat(files.stream().map(file -> read(table, file)).toList());
  }

  private static CloseableIterable<Record> read(Table table, DataFile file) {
    return Parquet.read(table.io().newInputFile(file.location()))
        .project(table.schema())
        .createReaderFunc(fileSchema -> GenericParquetReaders.buildReader(table.schema(), fileSchema))
        .build();
  }
}
