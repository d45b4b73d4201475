package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.sink.iceberg.IcebergTaskWriters;
import dev.cdcwizard.engine.sink.iceberg.TableRowRouter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.RowData;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;
import org.apache.iceberg.io.TaskWriter;

/**
 * Writes the snapshot's rows into new data files of their Iceberg tables, in the reader's thread. The
 * rows go into empty tables once each, so they are plainly appended: no key index, no equality delete.
 * Only the files of the source table being read are open, which bounds memory whatever the number of
 * tables. Nothing is committed here: what {@link #takeFiles()} hands over is the committer's; a writer
 * closed with files not taken (its copy failed or was stopped) deletes them.
 */
final class SnapshotFileWriter implements AutoCloseable {
  private final TableRowRouter router;
  private final Catalog catalog;
  private final int writerIndex;
  private final Map<TableIdentifier, TaskWriter<RowData>> writers = new HashMap<>();
  private final Map<TableIdentifier, List<DataFile>> files = new LinkedHashMap<>();
  private TableId reading;
  private TableRowRouter.Target lastTarget;
  private TaskWriter<RowData> lastWriter;

  /** @param writerIndex this writer's number among the snapshot's, which keeps their file names apart */
  SnapshotFileWriter(TableRowRouter router, CatalogLoader catalogLoader, int writerIndex) {
    this.router = router;
    this.writerIndex = writerIndex;
    router.open();
    this.catalog = catalogLoader.loadCatalog();
  }

  void write(ChangeRecord record) {
    if (!record.table().equals(reading)) {
      completeFiles();
      reading = record.table();
    }
    router.write(record, (target, row) -> {
      if (target != lastTarget) {
        lastWriter = writers.computeIfAbsent(target.table(), table -> writer(target));
        lastTarget = target;
      }
      try {
        lastWriter.write(row);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /** Completes the files under way; every file written since the last call, from now on the committer's. */
  Map<TableIdentifier, List<DataFile>> takeFiles() {
    completeFiles();
    Map<TableIdentifier, List<DataFile>> taken = new LinkedHashMap<>(files);
    files.clear();
    return taken;
  }

  private TaskWriter<RowData> writer(TableRowRouter.Target target) {
    Table table = catalog.loadTable(target.table());
    if (target.merged() || !target.schema().sameSchema(table.schema())) {
      // the snapshot plan hands such tables to Flink CDC's snapshot; meeting one here is a bug
      throw new IllegalStateException("The engine's own snapshot cannot append to " + target.table()
          + ": more than one source table is routed to it, or its schema differs from the source's");
    }
    return IcebergTaskWriters.create(table, List.of(), false, writerIndex);
  }

  private void completeFiles() {
    try {
      for (Map.Entry<TableIdentifier, TaskWriter<RowData>> entry : writers.entrySet()) {
        files.computeIfAbsent(entry.getKey(), table -> new ArrayList<>())
            .addAll(Arrays.asList(entry.getValue().complete().dataFiles()));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    writers.clear();
    lastTarget = null;
  }

  /** Removes what was written and not taken by {@link #takeFiles()}. */
  @Override
  public void close() throws IOException {
    for (TaskWriter<RowData> writer : writers.values()) {
      writer.abort();
    }
    writers.clear();
    SnapshotCommitter.delete(catalog, files);
    if (catalog instanceof Closeable closeable) {
      closeable.close();
    }
  }
}
