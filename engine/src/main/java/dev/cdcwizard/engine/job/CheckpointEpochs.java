package dev.cdcwizard.engine.job;

import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Passes the change records on and, just before each checkpoint barrier, a marker: downstream, the
 * records between two markers are exactly what one checkpoint commits, which
 * {@link ChangeRecordGenerator} needs to know which rows its sink's writers still hold uncommitted.
 */
final class CheckpointEpochs extends AbstractStreamOperator<ChangeRecord>
    implements OneInputStreamOperator<ChangeRecord, ChangeRecord> {
  private static final long serialVersionUID = 1L;

  CheckpointEpochs() {
    setChainingStrategy(ChainingStrategy.ALWAYS);
  }

  @Override
  public void processElement(StreamRecord<ChangeRecord> element) {
    output.collect(element);
  }

  @Override
  public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
    super.prepareSnapshotPreBarrier(checkpointId);
    output.collect(new StreamRecord<>(ChangeRecord.checkpointMarker()));
  }
}
