package dev.cdcwizard.engine.snapshot;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.catalog.TableIdentifier;

/** Reads splits with binary COPY and writes their rows into Iceberg data files, in one thread. */
final class IcebergSplitCopier implements SplitCopier {
  private final CopyReader reader;
  private final SnapshotFileWriter writer;

  IcebergSplitCopier(CopyReader reader, SnapshotFileWriter writer) {
    this.reader = reader;
    this.writer = writer;
  }

  @Override
  public void copy(CopySplit split, LongAdder rows) throws Exception {
    reader.copy(split, writer::write, rows);
  }

  @Override
  public void cancel() {
    reader.cancel();
  }

  @Override
  public Map<TableIdentifier, List<DataFile>> takeFiles() {
    return writer.takeFiles();
  }

  @Override
  public void close() throws Exception {
    try (writer) {
      reader.close();
    }
  }
}
