package dev.cdcwizard.engine.job;

import java.util.List;
import java.util.function.Supplier;
import org.apache.flink.cdc.connectors.base.config.SourceConfig;
import org.apache.flink.cdc.connectors.base.dialect.DataSourceDialect;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitBase;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitSerializer;
import org.apache.flink.cdc.connectors.base.source.reader.IncrementalSourceReaderContext;
import org.apache.flink.cdc.connectors.postgres.source.reader.PostgresSourceReader;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.RecordEmitter;
import org.apache.flink.connector.base.source.reader.synchronization.FutureCompletingBlockingQueue;

/**
 * Flink CDC's PostgreSQL source reader, telling {@link StreamPhase} when the stream split reaches it:
 * every row of Flink CDC's snapshot was emitted, by whichever reader, before the enumerator assigned
 * that split.
 */
@SuppressWarnings({"rawtypes", "unchecked"})
final class StreamSplitWatchingReader extends PostgresSourceReader {

  StreamSplitWatchingReader(FutureCompletingBlockingQueue elementQueue, Supplier splitReaders,
      RecordEmitter emitter, Configuration configuration, IncrementalSourceReaderContext context,
      SourceConfig sourceConfig, SourceSplitSerializer splitSerializer, DataSourceDialect dialect) {
    super(elementQueue, splitReaders, emitter, configuration, context, sourceConfig, splitSerializer, dialect);
  }

  @Override
  public void addSplits(List splits) {
    if (((List<Object>) splits).stream().anyMatch(s -> s instanceof SourceSplitBase split && split.isStreamSplit())) {
      StreamPhase.started();
    }
    super.addSplits(splits);
  }
}
