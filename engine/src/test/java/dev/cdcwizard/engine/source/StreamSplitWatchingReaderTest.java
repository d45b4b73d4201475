package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.cdc.connectors.base.options.StartupOptions;
import org.apache.flink.cdc.connectors.base.source.meta.offset.Offset;
import org.apache.flink.cdc.connectors.base.source.meta.offset.OffsetFactory;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitSerializer;
import org.apache.flink.cdc.connectors.base.source.reader.IncrementalSourceReaderContext;
import org.apache.flink.cdc.connectors.postgres.source.PostgresDialect;
import org.apache.flink.cdc.connectors.postgres.source.config.PostgresSourceConfig;
import org.apache.flink.cdc.connectors.postgres.source.config.PostgresSourceConfigFactory;
import org.apache.flink.cdc.connectors.postgres.source.offset.PostgresOffsetFactory;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.synchronization.FutureCompletingBlockingQueue;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;
import org.junit.jupiter.api.Test;

/**
 * What the reader confirms to the slot, seen at the dialect, the one place a confirmation goes through.
 * Nothing here connects: a reader without a split opens no connection.
 */
class StreamSplitWatchingReaderTest {

  /**
   * Flink CDC 3.5's reader, given checkpoints that completed before the stream split reached it, asked
   * its dialect to confirm them with no position, which confirms wherever the stream has read to.
   */
  @Test
  void checkpointsTakenBeforeTheStreamSplitArrivedAreNotConfirmed() throws Exception {
    PostgresSourceConfig config = config();
    ConfirmationsSeen dialect = new ConfirmationsSeen(config);
    StreamSplitWatchingReader reader = new StreamSplitWatchingReader(new FutureCompletingBlockingQueue<>(),
        () -> null, new ChangeRecordEmitter<>(null, null, false, new PostgresOffsetFactory()), new Configuration(), new IncrementalSourceReaderContext(new Context()), config,
        new PostgresSplitSerializer(), dialect);

    for (long checkpoint = 1; checkpoint <= 8; checkpoint++) {
      reader.snapshotState(checkpoint);
      reader.notifyCheckpointComplete(checkpoint);
    }

    assertThat(dialect.confirmed).as("positions confirmed to the slot").isEmpty();
  }

  private static PostgresSourceConfig config() {
    PostgresSourceConfigFactory factory = new PostgresSourceConfigFactory();
    factory.hostname("localhost").port(5432).username("postgres").password("unused")
        .tableList("public.orders").startupOptions(StartupOptions.latest());
    factory.database("inventory");
    factory.slotName("cdc_orders");
    factory.decodingPluginName("pgoutput");
    return factory.create(0);
  }

  private static final class ConfirmationsSeen extends PostgresDialect {
    private static final long serialVersionUID = 1L;
    final List<Offset> confirmed = new ArrayList<>();

    ConfirmationsSeen(PostgresSourceConfig config) {
      super(config);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId, Offset offset) {
      confirmed.add(offset);
    }
  }

  private static final class PostgresSplitSerializer extends SourceSplitSerializer {
    @Override
    public OffsetFactory getOffsetFactory() {
      return new PostgresOffsetFactory();
    }
  }

  /** The task's side of a source reader, for a reader that is never given a split. */
  private static final class Context implements SourceReaderContext {
    @Override
    public SourceReaderMetricGroup metricGroup() {
      return UnregisteredMetricsGroup.createSourceReaderMetricGroup();
    }

    @Override
    public Configuration getConfiguration() {
      return new Configuration();
    }

    @Override
    public String getLocalHostName() {
      return "localhost";
    }

    @Override
    public int getIndexOfSubtask() {
      return 0;
    }

    @Override
    public void sendSplitRequest() {}

    @Override
    public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {}

    @Override
    public UserCodeClassLoader getUserCodeClassLoader() {
      return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
    }
  }
}
