package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.sink.iceberg.PipelineCommits;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Commits every file of the snapshot once all readers are done: one append per table, so a table holds
 * either none of its snapshot or all of it. A snapshot that fails commits nothing and deletes its files.
 */
final class SnapshotCommitter {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotCommitter.class);

  private final CatalogLoader catalogLoader;
  private final String snapshotName;

  SnapshotCommitter(CatalogLoader catalogLoader, String snapshotName) {
    this.catalogLoader = catalogLoader;
    this.snapshotName = snapshotName;
  }

  void commit(Map<TableIdentifier, List<DataFile>> files) throws IOException {
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      for (Map.Entry<TableIdentifier, List<DataFile>> entry : files.entrySet()) {
        Table table = catalog.loadTable(entry.getKey());
        AppendFiles append = table.newAppend();
        entry.getValue().forEach(append::appendFile);
        append.set(PipelineCommits.COPY, snapshotName).commit();
        LOG.info("Committed the snapshot of {}: {} data file(s)", entry.getKey(), entry.getValue().size());
      }
    } finally {
      close(catalog);
    }
  }

  /** Deletes the files of a snapshot that is not committed: no table refers to them. */
  void discard(Map<TableIdentifier, List<DataFile>> files) {
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      delete(catalog, files);
    } catch (RuntimeException e) {
      LOG.warn("Files of the stopped snapshot were not all deleted: {}", e.getMessage());
    } finally {
      try {
        close(catalog);
      } catch (IOException e) {
        LOG.debug("Closing the catalog failed", e);
      }
    }
  }

  /** Deletes data files that no table refers to. */
  static void delete(Catalog catalog, Map<TableIdentifier, List<DataFile>> files) {
    files.forEach((table, written) -> {
      Table target = catalog.loadTable(table);
      written.forEach(file -> target.io().deleteFile(file.location()));
    });
  }

  private static void close(Catalog catalog) throws IOException {
    if (catalog instanceof Closeable closeable) {
      closeable.close();
    }
  }
}
