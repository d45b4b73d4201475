package dev.cdcwizard.engine.stream.source;

import dev.cdcwizard.engine.job.ChangeRecord;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.connector.base.source.reader.RecordEmitter;

/**
 * Emits changes and moves the split's position at transaction ends, on the task's thread, so that a
 * checkpoint's position covers exactly the changes emitted before its barrier.
 */
final class SlotRecordEmitter implements RecordEmitter<StreamElement, ChangeRecord, SlotSplitState> {
  @Override
  public void emitRecord(StreamElement element, SourceOutput<ChangeRecord> output, SlotSplitState state) {
    if (element instanceof StreamElement.Change change) {
      output.collect(change.record());
    } else if (element instanceof StreamElement.Position position) {
      state.advance(position.lsn());
    }
  }
}
