package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.record.ChangeRecord;
import java.util.function.Supplier;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.cdc.connectors.base.config.JdbcSourceConfig;
import org.apache.flink.cdc.connectors.base.config.SourceConfig;
import org.apache.flink.cdc.connectors.base.source.metrics.SourceReaderMetrics;
import org.apache.flink.cdc.connectors.base.source.reader.IncrementalSourceReaderContext;
import org.apache.flink.cdc.connectors.base.source.reader.IncrementalSourceSplitReader;
import org.apache.flink.cdc.connectors.postgres.source.PostgresDialect;
import org.apache.flink.cdc.connectors.postgres.source.PostgresSourceBuilder.PostgresIncrementalSource;
import org.apache.flink.cdc.connectors.postgres.source.config.PostgresSourceConfig;
import org.apache.flink.cdc.connectors.postgres.source.config.PostgresSourceConfigFactory;
import org.apache.flink.cdc.connectors.postgres.source.offset.PostgresOffsetFactory;
import org.apache.flink.cdc.connectors.postgres.source.reader.PostgresSourceReader;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;
import org.apache.flink.connector.base.source.reader.synchronization.FutureCompletingBlockingQueue;

/**
 * Flink CDC's incremental PostgreSQL source, emitting through {@link ChangeRecordEmitter}. Built from
 * the same configuration as {@code PostgresSourceBuilder#build()}.
 */
final class ChangeRecordSource extends PostgresIncrementalSource<ChangeRecord> {
  private static final long serialVersionUID = 1L;

  /** @param fromSlotRestart whether streaming from the slot starts at its restart position ({@link StreamFromSlotDialect}) */
  ChangeRecordSource(PostgresSourceConfigFactory configFactory,
      DebeziumDeserializationSchema<ChangeRecord> deserializer, boolean fromSlotRestart) {
    super(configFactory, deserializer, new PostgresOffsetFactory(), fromSlotRestart
        ? new StreamFromSlotDialect(configFactory.create(0)) : new PostgresDialect(configFactory.create(0)));
  }

  /** Built as Flink CDC builds its reader, as one that marks the stream split's arrival. */
  @Override
  public PostgresSourceReader createReader(SourceReaderContext readerContext) {
    PostgresSourceConfig sourceConfig = (PostgresSourceConfig) configFactory.create(readerContext.getIndexOfSubtask());
    IncrementalSourceReaderContext context = new IncrementalSourceReaderContext(readerContext);
    Supplier<IncrementalSourceSplitReader<JdbcSourceConfig>> splitReaders = () -> new IncrementalSourceSplitReader<>(
        readerContext.getIndexOfSubtask(), dataSourceDialect, sourceConfig, context, snapshotHooks);
    return new StreamSplitWatchingReader(new FutureCompletingBlockingQueue<>(), splitReaders,
        createRecordEmitter(sourceConfig, new SourceReaderMetrics(readerContext.metricGroup())),
        readerContext.getConfiguration(), context, sourceConfig, sourceSplitSerializer, dataSourceDialect);
  }

  @Override
  protected ChangeRecordEmitter<ChangeRecord> createRecordEmitter(
      SourceConfig sourceConfig, SourceReaderMetrics sourceReaderMetrics) {
    return new ChangeRecordEmitter<>(deserializationSchema, sourceReaderMetrics,
        sourceConfig.isIncludeSchemaChanges(), offsetFactory);
  }
}
