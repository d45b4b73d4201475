package dev.cdcwizard.engine.source;

import static dev.cdcwizard.engine.config.PostgresSourceOptions.CHUNK_META_GROUP_SIZE;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.CONNECTION_POOL_SIZE;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.CONNECT_MAX_RETRIES;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.CONNECT_TIMEOUT;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.DECODING_PLUGIN_NAME;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.HEARTBEAT_INTERVAL;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.HOSTNAME;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.PASSWORD;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.PORT;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SCAN_INCREMENTAL_CLOSE_IDLE_READER_ENABLED;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_CHUNK_KEY_COLUMN;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SCAN_LSN_COMMIT_CHECKPOINTS_NUM_DELAY;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SCAN_SNAPSHOT_FETCH_SIZE;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SCAN_STARTUP_MODE;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SERVER_TIME_ZONE;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.SLOT_NAME;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.TABLE_ID_INCLUDE_DATABASE;
import static dev.cdcwizard.engine.config.PostgresSourceOptions.USERNAME;

import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import java.util.Collection;
import java.util.Map;
import java.util.Properties;
import org.apache.flink.cdc.connectors.base.options.StartupOptions;
import org.apache.flink.cdc.connectors.postgres.source.PostgresSourceBuilder.PostgresIncrementalSource;
import org.apache.flink.cdc.connectors.postgres.source.config.PostgresSourceConfig;
import org.apache.flink.cdc.connectors.postgres.source.PostgresSourceBuilder;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;

/** Flink CDC's incremental PostgreSQL source for a {@code source} section and its resolved tables. */
public final class PostgresSourceFactory {
  private PostgresSourceFactory() {}

  /** The source of an Iceberg pipeline: it stops at an unchanged TOAST value, which Iceberg cannot keep. */
  public static ChangeSource create(SourceDefinition source, Collection<TableId> tables) {
    return create(source, tables, icebergDeserializer(source), Map.of(), startupOptions(source), false);
  }

  /**
   * The source that streams on after the engine's own snapshot: from the slot that exported the
   * snapshot, every transaction that commits after its consistent point, none filtered out.
   */
  public static ChangeSource streamAfterSnapshot(SourceDefinition source,
      Collection<TableId> tables) {
    return create(source, tables, icebergDeserializer(source), Map.of(), StartupOptions.committed(), true);
  }

  /** The source that streams on after the engine's own snapshot, with a sink's deserializer and settings. */
  public static ChangeSource streamAfterSnapshot(SourceDefinition source,
      Collection<TableId> tables, DebeziumDeserializationSchema<ChangeRecord> deserializer,
      Map<String, String> sinkDebeziumProperties) {
    return create(source, tables, deserializer, sinkDebeziumProperties, StartupOptions.committed(), true);
  }

  private static ChangeRecordDeserializer icebergDeserializer(SourceDefinition source) {
    return new ChangeRecordDeserializer(source.get(TABLE_ID_INCLUDE_DATABASE),
        new UnchangedToastGuard(source.debeziumProperties().getOrDefault("unavailable.value.placeholder",
            UnchangedToastGuard.DEFAULT_PLACEHOLDER)));
  }

  /**
   * The source with another deserializer and Debezium settings of the sink's own on top of the
   * definition's: a sink may need values typed otherwise than the Iceberg sink does.
   */
  public static ChangeSource create(SourceDefinition source, Collection<TableId> tables,
      DebeziumDeserializationSchema<ChangeRecord> deserializer, Map<String, String> sinkDebeziumProperties) {
    return create(source, tables, deserializer, sinkDebeziumProperties, startupOptions(source), false);
  }

  private static ChangeSource create(SourceDefinition source, Collection<TableId> tables,
      DebeziumDeserializationSchema<ChangeRecord> deserializer, Map<String, String> sinkDebeziumProperties,
      StartupOptions startup, boolean fromSlotRestart) {
    Properties debezium = new Properties();
    debezium.putAll(source.debeziumProperties());
    debezium.putAll(sinkDebeziumProperties);
    // the emitter drops the tombstone Debezium sends after each delete, logging each one it drops
    debezium.putIfAbsent("tombstones.on.delete", "false");
    // PostgreSQL's fast shutdown waits for each walsender's client to confirm what it was sent, and
    // the client answers only at its status interval (Debezium's default: 10 s)
    debezium.putIfAbsent("status.update.interval.ms", "1000");
    // Debezium 1.9 drops TRUNCATE by default; the sinks apply it where it happened in the stream
    debezium.put("truncate.handling.mode", "include");
    EngineConverters.register(debezium);
    PostgresSourceBuilder<ChangeRecord> builder = PostgresIncrementalSource.<ChangeRecord>builder()
        .hostname(source.get(HOSTNAME))
        .port(source.get(PORT))
        .database(source.database())
        .schemaList(tables.stream().map(TableId::schema).distinct().toArray(String[]::new))
        .tableList(tables.stream().map(table -> table.schema() + "." + table.table()).toArray(String[]::new))
        .username(source.get(USERNAME))
        .password(source.get(PASSWORD))
        .slotName(source.get(SLOT_NAME))
        .decodingPluginName(source.get(DECODING_PLUGIN_NAME))
        .startupOptions(startup)
        .splitSize(source.get(SCAN_INCREMENTAL_SNAPSHOT_CHUNK_SIZE))
        .fetchSize(source.get(SCAN_SNAPSHOT_FETCH_SIZE))
        .splitMetaGroupSize(source.get(CHUNK_META_GROUP_SIZE))
        .connectTimeout(source.get(CONNECT_TIMEOUT))
        .connectMaxRetries(source.get(CONNECT_MAX_RETRIES))
        .connectionPoolSize(source.get(CONNECTION_POOL_SIZE))
        .heartbeatInterval(source.get(HEARTBEAT_INTERVAL))
        .closeIdleReaders(source.get(SCAN_INCREMENTAL_CLOSE_IDLE_READER_ENABLED))
        .skipSnapshotBackfill(source.get(SCAN_INCREMENTAL_SNAPSHOT_BACKFILL_SKIP))
        .lsnCommitCheckpointsDelay(source.get(SCAN_LSN_COMMIT_CHECKPOINTS_NUM_DELAY))
        .debeziumProperties(debezium);
    source.options().find(SERVER_TIME_ZONE).ifPresent(builder::serverTimeZone);
    source.options().find(SCAN_INCREMENTAL_SNAPSHOT_CHUNK_KEY_COLUMN).ifPresent(builder::chunkKeyColumn);
    PostgresSourceConfig config = builder.getConfigFactory().create(0);
    return new ChangeSource(new ChangeRecordSource(builder.getConfigFactory(), deserializer, fromSlotRestart),
        new SourceFailures(config.getDbzProperties().getProperty("slot.name"),
            config.getDbzConnectorConfig().publicationName()));
  }

  private static StartupOptions startupOptions(SourceDefinition source) {
    return switch (source.get(SCAN_STARTUP_MODE)) {
      case INITIAL -> StartupOptions.initial();
      case LATEST_OFFSET -> StartupOptions.latest();
      case COMMITTED_OFFSET -> StartupOptions.committed();
      case SNAPSHOT -> StartupOptions.snapshot();
    };
  }
}
