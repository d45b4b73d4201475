package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.job.ChangeRecord;
import dev.cdcwizard.engine.job.TableRowRouter;
import dev.cdcwizard.engine.pipeline.TableId;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.table.data.RowData;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;
import org.apache.iceberg.flink.FlinkSchemaUtil;
import org.apache.iceberg.flink.sink.RowDataTaskWriterFactory;
import org.apache.iceberg.io.TaskWriter;
import org.apache.iceberg.util.PropertyUtil;

/**
 * Writes the snapshot's rows into new data files of their Iceberg tables, in the reader's thread, and
 * hands the files to the committer. The rows go into empty tables once each, so they are plainly
 * appended: no key index, no equality delete. Only the files of the source table being read are open,
 * which bounds memory whatever the number of tables.
 */
final class SnapshotFileWriter extends AbstractStreamOperator<byte[]>
    implements OneInputStreamOperator<ChangeRecord, byte[]>, BoundedOneInput {
  private static final long serialVersionUID = 1L;

  private final TableRowRouter router;
  private final CatalogLoader catalogLoader;

  private transient Catalog catalog;
  private transient Map<TableIdentifier, TaskWriter<RowData>> writers;
  private transient TableId reading;
  private transient TableRowRouter.Target lastTarget;
  private transient TaskWriter<RowData> lastWriter;

  SnapshotFileWriter(TableRowRouter router, CatalogLoader catalogLoader) {
    this.router = router;
    this.catalogLoader = catalogLoader;
    // in the reader's task: a row handed on through the network would cost more than writing it
    setChainingStrategy(ChainingStrategy.ALWAYS);
  }

  @Override
  public void open() throws Exception {
    super.open();
    router.open();
    catalog = catalogLoader.loadCatalog();
    writers = new HashMap<>();
  }

  @Override
  public void processElement(StreamRecord<ChangeRecord> element) throws Exception {
    ChangeRecord record = element.getValue();
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

  private TaskWriter<RowData> writer(TableRowRouter.Target target) {
    Table table = catalog.loadTable(target.table());
    if (target.merged() || !target.schema().sameSchema(table.schema())) {
      // the snapshot plan hands such tables to Flink CDC's snapshot; meeting one here is a bug
      throw new IllegalStateException("The engine's own snapshot cannot append to " + target.table()
          + ": more than one source table is routed to it, or its schema differs from the source's");
    }
    Map<String, String> properties = table.properties();
    RowDataTaskWriterFactory factory = new RowDataTaskWriterFactory(table, FlinkSchemaUtil.convert(table.schema()),
        PropertyUtil.propertyAsLong(properties, TableProperties.WRITE_TARGET_FILE_SIZE_BYTES,
            TableProperties.WRITE_TARGET_FILE_SIZE_BYTES_DEFAULT),
        FileFormat.fromString(properties.getOrDefault(TableProperties.DEFAULT_FILE_FORMAT,
            TableProperties.DEFAULT_FILE_FORMAT_DEFAULT)),
        properties, List.of(), false);
    factory.initialize(getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(),
        getRuntimeContext().getTaskInfo().getAttemptNumber());
    return factory.create();
  }

  private void completeFiles() throws IOException {
    for (Map.Entry<TableIdentifier, TaskWriter<RowData>> entry : writers.entrySet()) {
      List<DataFile> files = Arrays.asList(entry.getValue().complete().dataFiles());
      output.collect(new StreamRecord<>(new WrittenFiles(entry.getKey(), files).toBytes()));
    }
    writers.clear();
    lastTarget = null;
  }

  @Override
  public void endInput() throws Exception {
    completeFiles();
  }

  @Override
  public void close() throws Exception {
    if (writers != null) {
      // files of a snapshot that failed are never committed; remove what they wrote
      for (TaskWriter<RowData> writer : writers.values()) {
        writer.abort();
      }
      writers.clear();
    }
    if (catalog instanceof Closeable closeable) {
      closeable.close();
    }
    super.close();
  }
}
