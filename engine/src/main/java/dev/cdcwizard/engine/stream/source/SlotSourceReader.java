package dev.cdcwizard.engine.stream.source;

import dev.cdcwizard.engine.job.ChangeRecord;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.SingleThreadMultiplexSourceReaderBase;

/**
 * The slot's reader. At a checkpoint it remembers the split's position; once the checkpoint is
 * complete (and so its writes committed) it has that position acknowledged, and only then may the
 * slot drop the WAL before it.
 */
final class SlotSourceReader
    extends SingleThreadMultiplexSourceReaderBase<StreamElement, ChangeRecord, SlotSplit, SlotSplitState> {
  private final AtomicLong acknowledge;
  private final NavigableMap<Long, Long> positionsByCheckpoint = new TreeMap<>();

  SlotSourceReader(ChangeStream.Opener opener, AtomicLong acknowledge, Configuration config,
      SourceReaderContext context) {
    super(() -> new SlotSplitReader(opener, acknowledge), new SlotRecordEmitter(), config, context);
    this.acknowledge = acknowledge;
  }

  @Override
  public void start() {
    // the enumerator assigns the slot's split on registration; nothing to ask for
  }

  @Override
  public List<SlotSplit> snapshotState(long checkpointId) {
    List<SlotSplit> splits = super.snapshotState(checkpointId);
    splits.forEach(split -> positionsByCheckpoint.put(checkpointId, split.resumeLsn()));
    return splits;
  }

  @Override
  public void notifyCheckpointComplete(long checkpointId) {
    Map.Entry<Long, Long> complete = positionsByCheckpoint.floorEntry(checkpointId);
    if (complete != null) {
      acknowledge.accumulateAndGet(complete.getValue(), Math::max);
      positionsByCheckpoint.headMap(checkpointId, true).clear();
    }
  }

  @Override
  protected void onSplitFinished(Map<String, SlotSplitState> finishedSplitIds) {
    // a slot's split never finishes
  }

  @Override
  protected SlotSplitState initializedState(SlotSplit split) {
    return new SlotSplitState(split.resumeLsn());
  }

  @Override
  protected SlotSplit toSplitType(String splitId, SlotSplitState state) {
    return new SlotSplit(state.resumeLsn());
  }
}
