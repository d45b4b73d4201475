package dev.cdcwizard.engine.job;

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.util.Collector;
import org.apache.iceberg.DistributionMode;
import org.apache.iceberg.SnapshotRef;
import org.apache.iceberg.flink.sink.dynamic.DynamicRecord;
import org.apache.iceberg.flink.sink.dynamic.DynamicRecordGenerator;

/**
 * Hands Iceberg's dynamic sink each change record's rows ({@link TableRowRouter}), in upsert mode by primary
 * key, so that replaying changes after a restart (at-least-once) leaves each key once.
 */
final class ChangeRecordGenerator implements DynamicRecordGenerator<ChangeRecord> {
  private static final long serialVersionUID = 1L;

  private final TableRowRouter router;
  private final int writeParallelism;

  ChangeRecordGenerator(TableRowRouter router, int writeParallelism) {
    this.router = router;
    this.writeParallelism = writeParallelism;
  }

  @Override
  public void open(OpenContext openContext) {
    router.open();
  }

  @Override
  public void generate(ChangeRecord record, Collector<DynamicRecord> out) {
    router.write(record, (target, row) -> {
      DynamicRecord dynamicRecord = new DynamicRecord(target.table(), SnapshotRef.MAIN_BRANCH, target.schema(), row,
          target.spec(), DistributionMode.NONE, writeParallelism);
      if (!target.equalityFields().isEmpty()) {
        dynamicRecord.setUpsertMode(true);
        dynamicRecord.setEqualityFields(target.equalityFields());
      }
      out.collect(dynamicRecord);
    });
  }
}
