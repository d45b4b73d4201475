package dev.cdcwizard.engine.source;

import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.apache.flink.cdc.connectors.base.config.SourceConfig;
import org.apache.flink.cdc.connectors.base.dialect.DataSourceDialect;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitBase;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitSerializer;
import org.apache.flink.cdc.connectors.base.source.reader.IncrementalSourceReaderContext;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.cdc.connectors.postgres.source.config.PostgresSourceConfig;
import org.apache.flink.cdc.connectors.postgres.source.reader.PostgresSourceReader;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.apache.flink.connector.base.source.reader.synchronization.FutureCompletingBlockingQueue;
import org.apache.flink.core.io.InputStatus;

/**
 * Flink CDC's PostgreSQL source reader, telling {@link StreamPhase} when the stream split reaches it:
 * every row of Flink CDC's snapshot was emitted, by whichever reader, before the enumerator assigned
 * that split. It confirms to the slot only checkpoints that hold the stream split's position.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class StreamSplitWatchingReader extends PostgresSourceReader {
  /**
   * Flink CDC 3.5 confirms, for a completed checkpoint that holds no stream split (one taken before the
   * split reached this reader), the position the stream has read up to now instead: a restart from the
   * last checkpoint then asks the slot for changes PostgreSQL no longer sends, and they are lost
   * (ClusterCrashIT). Such checkpoints are not passed on; the next one that holds the split confirms.
   */
  private final NavigableSet<Long> holdingTheStream = new TreeSet<>();
  private final SourceFailures failures;
  private final ChangeRecordEmitter<?> emitter;

  StreamSplitWatchingReader(FutureCompletingBlockingQueue elementQueue, Supplier splitReaders,
      ChangeRecordEmitter<?> emitter, Configuration configuration, IncrementalSourceReaderContext context,
      SourceConfig sourceConfig, SourceSplitSerializer splitSerializer, DataSourceDialect dialect) {
    super(elementQueue, splitReaders, (RecordEmitter) emitter, configuration, context, sourceConfig, splitSerializer,
        dialect);
    this.emitter = emitter;
    PostgresSourceConfig postgres = (PostgresSourceConfig) sourceConfig;
    this.failures = new SourceFailures(postgres.getDbzProperties().getProperty("slot.name"),
        postgres.getDbzConnectorConfig().publicationName());
    DebeziumConversionFailures.listen();
  }

  @Override
  public void close() throws Exception {
    try {
      super.close();
    } finally {
      DebeziumConversionFailures.stopListening();
    }
  }

  /**
   * A PostgreSQL error no restart cures stops the job at once with its fix, whatever language the server
   * speaks, instead of ten restarts ending in Debezium's words.
   */
  @Override
  public InputStatus pollNext(ReaderOutput output) throws Exception {
    try {
      return super.pollNext(output);
    } catch (Exception e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public void addSplits(List splits) {
    if (((List<Object>) splits).stream().anyMatch(s -> s instanceof SourceSplitBase split && split.isStreamSplit())) {
      StreamPhase.started();
    }
    super.addSplits(splits);
  }

  @Override
  protected void onSplitFinished(Map finishedSplits) {
    emitter.applyPosition();
    super.onSplitFinished(finishedSplits);
  }

  @Override
  public List<SourceSplitBase> snapshotState(long checkpointId) {
    emitter.applyPosition();
    List<SourceSplitBase> splits = super.snapshotState(checkpointId);
    if (splits.stream().anyMatch(SourceSplitBase::isStreamSplit)) {
      holdingTheStream.add(checkpointId);
    }
    return splits;
  }

  @Override
  public void notifyCheckpointComplete(long checkpointId) throws Exception {
    boolean holdsTheStream = holdingTheStream.contains(checkpointId);
    holdingTheStream.headSet(checkpointId, true).clear();
    if (holdsTheStream) {
      super.notifyCheckpointComplete(checkpointId);
    }
  }
}
