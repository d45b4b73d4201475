package dev.cdcwizard.engine.snapshot;

import java.io.Closeable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ArrayList;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
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
 * either none of its snapshot or all of it. A snapshot that fails before commits nothing.
 */
final class SnapshotCommitter extends AbstractStreamOperator<Void>
    implements OneInputStreamOperator<byte[], Void>, BoundedOneInput {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotCommitter.class);
  /** Marks the snapshot's commits in the table history. */
  static final String SUMMARY_PROPERTY = "cdc-wizard.snapshot";

  private final CatalogLoader catalogLoader;
  private final String snapshotName;

  private transient Map<TableIdentifier, List<DataFile>> files;

  SnapshotCommitter(CatalogLoader catalogLoader, String snapshotName) {
    this.catalogLoader = catalogLoader;
    this.snapshotName = snapshotName;
  }

  @Override
  public void open() throws Exception {
    super.open();
    files = new LinkedHashMap<>();
  }

  @Override
  public void processElement(StreamRecord<byte[]> element) throws Exception {
    WrittenFiles written = WrittenFiles.fromBytes(element.getValue());
    files.computeIfAbsent(written.tableIdentifier(), table -> new ArrayList<>()).addAll(written.files());
  }

  @Override
  public void endInput() throws Exception {
    Catalog catalog = catalogLoader.loadCatalog();
    try {
      for (Map.Entry<TableIdentifier, List<DataFile>> entry : files.entrySet()) {
        Table table = catalog.loadTable(entry.getKey());
        AppendFiles append = table.newAppend();
        entry.getValue().forEach(append::appendFile);
        append.set(SUMMARY_PROPERTY, snapshotName).commit();
        LOG.info("Committed the snapshot of {}: {} data file(s)", entry.getKey(), entry.getValue().size());
      }
    } finally {
      if (catalog instanceof Closeable closeable) {
        closeable.close();
      }
    }
  }
}
