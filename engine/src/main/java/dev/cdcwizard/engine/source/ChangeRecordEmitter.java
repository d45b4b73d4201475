package dev.cdcwizard.engine.source;

import static org.apache.flink.cdc.connectors.base.source.meta.wartermark.WatermarkEvent.isWatermarkEvent;
import static org.apache.flink.cdc.connectors.base.utils.SourceRecordUtils.isDataChangeRecord;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import io.debezium.relational.TableId;
import java.util.regex.Pattern;
import org.apache.flink.api.connector.source.SourceOutput;
import org.apache.flink.cdc.connectors.base.source.meta.offset.Offset;
import org.apache.flink.cdc.connectors.base.source.meta.offset.OffsetFactory;
import org.apache.flink.cdc.connectors.base.source.meta.split.FinishedSnapshotSplitInfo;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitState;
import org.apache.flink.cdc.connectors.base.source.meta.split.StreamSplitState;
import org.apache.flink.cdc.connectors.base.source.metrics.SourceReaderMetrics;
import org.apache.flink.cdc.connectors.base.source.reader.IncrementalSourceRecordEmitter;
import org.apache.flink.cdc.connectors.base.utils.SourceRecordUtils;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Flink CDC's record emitter with the same decisions, made cheaper for data change records. Upstream
 * asks first whether every record is a schema change by compiling the regular expression
 * {@link SourceRecordUtils#SCHEMA_CHANGE_EVENT_KEY_NAME} against its key schema's name: a sixth of
 * the source thread's time in a profile of the initial snapshot. Here that question is asked with a
 * compiled pattern, and only of names that can match it. Upstream also builds each streamed record's
 * position (a map of strings) to keep it in the stream split's state: a fifth of the source thread's time
 * in a profile of streaming (docs/benchmarks/streaming.md). Here only the last record's position is built,
 * when the state is read ({@link #applyPosition}: the reader's checkpoint and split end) or a record needs it.
 */
final class ChangeRecordEmitter<T> extends IncrementalSourceRecordEmitter<T> {
  private static final String SCHEMA_CHANGE_KEY_SUFFIX = "SchemaChangeKey";
  private static final Pattern SCHEMA_CHANGE_KEY =
      Pattern.compile(SourceRecordUtils.SCHEMA_CHANGE_EVENT_KEY_NAME);

  /** The last streamed data change, whose position the stream split's state does not hold yet; null when it does. */
  private SourceRecord unappliedPosition;
  private StreamSplitState unappliedState;

  ChangeRecordEmitter(DebeziumDeserializationSchema<T> deserializer, SourceReaderMetrics metrics,
      boolean includeSchemaChanges, OffsetFactory offsetFactory) {
    super(deserializer, metrics, includeSchemaChanges, offsetFactory);
  }

  @Override
  protected void processElement(SourceRecord element, SourceOutput<T> output, SourceSplitState splitState)
      throws Exception {
    if (isWatermarkEvent(element) || isSchemaChange(element) || !isDataChangeRecord(element)) {
      // a heartbeat's position is newer than the last record's, and upstream sets it
      applyPosition();
      super.processElement(element, output, splitState);
      return;
    }
    if (splitState.isStreamSplitState()) {
      if (isTruncate(element)) {
        refuseBeforeSnapshotEnd(element, getOffsetPosition(element), splitState.asStreamSplitState());
      }
      unappliedPosition = element;
      unappliedState = splitState.asStreamSplitState();
    }
    reportMetrics(element);
    emitElement(element, output);
  }

  /** Puts the last streamed record's position into its split's state, before the reader reads that state. */
  void applyPosition() {
    if (unappliedPosition != null) {
      unappliedState.setStartingOffset(getOffsetPosition(unappliedPosition));
      unappliedPosition = null;
      unappliedState = null;
    }
  }

  private static boolean isTruncate(SourceRecord element) {
    return element.value() instanceof Struct value && "t".equals(value.getString("op"));
  }

  /**
   * A TRUNCATE before the end of Flink CDC's snapshot of its table cannot be applied where it
   * happened: chunks read after it hold no rows from before it, but rows inserted after it that the
   * stream no longer sends, and emptying the table would lose them.
   */
  private static void refuseBeforeSnapshotEnd(SourceRecord element, Offset position, StreamSplitState split) {
    TableId table = SourceRecordUtils.getTableId(element);
    for (FinishedSnapshotSplitInfo chunk : split.toSourceSplit().getFinishedSnapshotSplitInfos()) {
      if (chunk.getTableId().equals(table) && chunk.getHighWatermark() != null
          && position.isBefore(chunk.getHighWatermark())) {
        throw new SuppressRestartsException(new PipelineStopException(
            EngineMessage.STOP_TRUNCATE_DURING_SNAPSHOT, table.schema() + "." + table.table()));
      }
    }
  }

  static boolean isSchemaChange(SourceRecord element) {
    Schema keySchema = element.keySchema();
    if (keySchema == null || keySchema.name() == null) {
      return false;
    }
    String name = keySchema.name();
    return name.endsWith(SCHEMA_CHANGE_KEY_SUFFIX) && SCHEMA_CHANGE_KEY.matcher(name).matches();
  }
}
