package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.source.StreamPhase;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * Passes the change records on and, just before each checkpoint barrier, a marker: downstream, the
 * records between two markers are exactly what one checkpoint commits, which
 * {@link ChangeRecordGenerator} needs to know which rows its sink's writers still hold uncommitted.
 * It remembers, per source table, the last checkpoint that carried rows of it, so that a TRUNCATE
 * waits for their commit before it empties the Iceberg tables ({@link IcebergTruncates}).
 */
public final class CheckpointEpochs extends AbstractStreamOperator<ChangeRecord>
    implements OneInputStreamOperator<ChangeRecord, ChangeRecord> {
  private static final long serialVersionUID = 1L;
  /**
   * After Flink CDC's snapshot, other subtasks may still hold snapshot rows in checkpoints that this
   * one cannot see. They emitted them before the stream split was assigned, so the checkpoint after the
   * first one whose barrier passes here once the stream split is read holds them all, and its commit
   * has been made once the checkpoint after it completes.
   */
  private static final int SNAPSHOT_SETTLING_CHECKPOINTS = 2;

  private final IcebergTruncates truncates;
  private final boolean flinkCdcSnapshot;

  private transient Map<TableId, Long> writtenUntil;
  private transient Set<TableId> written;
  private transient Set<String> jobIds;
  private transient boolean snapshotSettled;
  private transient long firstStreamingCheckpoint;
  private transient ListState<String> state;

  /** @param flinkCdcSnapshot whether Flink CDC's source takes the snapshot in this job, in all its subtasks */
  public CheckpointEpochs(IcebergTruncates truncates, boolean flinkCdcSnapshot) {
    this.truncates = truncates;
    this.flinkCdcSnapshot = flinkCdcSnapshot;
    setChainingStrategy(ChainingStrategy.ALWAYS);
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    writtenUntil = new HashMap<>();
    written = new HashSet<>();
    jobIds = new LinkedHashSet<>();
    firstStreamingCheckpoint = -1;
    state = context.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>("epochs", Types.STRING));
    for (String entry : state.get()) {
      restore(entry);
    }
    jobIds.add(getRuntimeContext().getJobInfo().getJobId().toString());
    snapshotSettled |= !flinkCdcSnapshot;
  }

  private void restore(String entry) {
    String[] parts = entry.split("\t", -1);
    switch (parts[0]) {
      case "job" -> jobIds.add(parts[1]);
      case "settled" -> snapshotSettled = true;
      case "table" -> writtenUntil.merge(new TableId(parts[1].isEmpty() ? null : parts[1], parts[2], parts[3]),
          Long.parseLong(parts[4]), Math::max);
      default -> throw new IllegalStateException("Unknown state entry " + parts[0]);
    }
  }

  @Override
  public void processElement(StreamRecord<ChangeRecord> element) throws Exception {
    ChangeRecord record = element.getValue();
    if (record.isTruncate()) {
      truncates.requireOwnTargets(record.table());
      if (!snapshotSettled) {
        throw new SuppressRestartsException(
            new PipelineStopException(EngineMessage.STOP_TRUNCATE_DURING_SNAPSHOT, record.table()));
      }
      truncates.truncate(record.table(), writtenUntil.getOrDefault(record.table(), 0L), jobIds);
    } else {
      written.add(record.table());
    }
    output.collect(element);
  }

  @Override
  public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
    super.prepareSnapshotPreBarrier(checkpointId);
    for (TableId table : written) {
      writtenUntil.put(table, checkpointId);
    }
    written.clear();
    if (firstStreamingCheckpoint < 0 && StreamPhase.hasStarted()) {
      firstStreamingCheckpoint = checkpointId;
    }
    output.collect(new StreamRecord<>(ChangeRecord.checkpointMarker()));
  }

  @Override
  public void notifyCheckpointComplete(long checkpointId) throws Exception {
    super.notifyCheckpointComplete(checkpointId);
    if (firstStreamingCheckpoint >= 0 && checkpointId >= firstStreamingCheckpoint + SNAPSHOT_SETTLING_CHECKPOINTS) {
      snapshotSettled = true;
    }
  }

  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    List<String> entries = new ArrayList<>();
    jobIds.forEach(job -> entries.add("job\t" + job));
    if (snapshotSettled) {
      entries.add("settled");
    }
    writtenUntil.forEach((table, checkpoint) -> entries.add(String.join("\t", "table",
        table.hasDatabase() ? table.database() : "", table.schema(), table.table(), Long.toString(checkpoint))));
    state.update(entries);
  }
}
