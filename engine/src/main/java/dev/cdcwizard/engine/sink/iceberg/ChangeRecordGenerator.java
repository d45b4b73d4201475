package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.record.ChangeRecord;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.util.Collector;
import org.apache.iceberg.DistributionMode;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.sink.dynamic.DynamicRecord;
import org.apache.iceberg.flink.sink.dynamic.DynamicRecordGenerator;

/**
 * Hands Iceberg's dynamic sink each change record's rows ({@link TableRowRouter}), in upsert mode by primary
 * key, so that replaying changes after a restart (at-least-once) leaves each key once; a key written
 * under two schemas before one checkpoint is deleted through the first one's writer ({@link UncommittedKeys}),
 * and so is every key written since the last checkpoint to a table a TRUNCATE empties.
 */
public final class ChangeRecordGenerator implements DynamicRecordGenerator<ChangeRecord> {
  private static final long serialVersionUID = 1L;

  private final TableRowRouter router;
  private final int writeParallelism;
  private transient UncommittedKeys uncommitted;

  public ChangeRecordGenerator(TableRowRouter router, int writeParallelism) {
    this.router = router;
    this.writeParallelism = writeParallelism;
  }

  @Override
  public void open(OpenContext openContext) {
    router.open();
    uncommitted = new UncommittedKeys();
  }

  @Override
  public void generate(ChangeRecord record, Collector<DynamicRecord> out) {
    if (record.isCheckpointMarker()) {
      uncommitted.committed();
      return;
    }
    if (record.isTruncate()) {
      // CheckpointEpochs emptied the tables of what was committed; this is what the writers still hold
      for (TableIdentifier table : router.targets(record.table())) {
        uncommitted.truncated(table).forEach(delete -> out.collect(dynamicRecord(delete.target(), delete.row())));
      }
      return;
    }
    router.write(record, (target, row) -> {
      if (!target.equalityFields().isEmpty()) {
        uncommitted.write(target, row).forEach(delete -> out.collect(dynamicRecord(delete.target(), delete.row())));
      }
      out.collect(dynamicRecord(target, row));
    });
  }

  private DynamicRecord dynamicRecord(TableRowRouter.Target target, GenericRowData row) {
    DynamicRecord dynamicRecord = new DynamicRecord(target.table(), SnapshotRef.MAIN_BRANCH, target.schema(), row,
        target.spec(), DistributionMode.NONE, writeParallelism);
    if (!target.equalityFields().isEmpty()) {
      dynamicRecord.setUpsertMode(true);
      dynamicRecord.setEqualityFields(target.equalityFields());
    }
    return dynamicRecord;
  }
}
