package dev.cdcwizard.engine.source;

import io.debezium.connector.postgresql.SourceInfo;
import io.debezium.connector.postgresql.connection.Lsn;
import io.debezium.jdbc.JdbcConnection;
import io.debezium.time.Conversions;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import org.apache.flink.cdc.connectors.base.config.JdbcSourceConfig;
import org.apache.flink.cdc.connectors.base.source.meta.offset.Offset;
import org.apache.flink.cdc.connectors.postgres.source.PostgresDialect;
import org.apache.flink.cdc.connectors.postgres.source.config.PostgresSourceConfig;
import org.apache.flink.cdc.connectors.postgres.source.offset.PostgresOffset;
import org.apache.flink.util.FlinkRuntimeException;

/**
 * Flink CDC's PostgreSQL dialect, except that streaming from the slot ({@code committed-offset}) starts
 * at the slot's {@code restart_lsn} rather than its confirmed position. PostgreSQL sends the same
 * transactions either way (those that commit after the confirmed position), but Flink CDC drops every
 * change positioned before the stream's start, and a transaction that was running when the slot was
 * created has changes before its consistent point although it commits after: with the confirmed
 * position they would be lost. PostgreSQL keeps the WAL from {@code restart_lsn} precisely because such
 * changes may lie there.
 */
final class StreamFromSlotDialect extends PostgresDialect {
  private static final long serialVersionUID = 1L;
  private static final String RESTART_LSN = "SELECT restart_lsn FROM pg_replication_slots WHERE slot_name = ?";

  private final String slotName;

  StreamFromSlotDialect(PostgresSourceConfig config) {
    super(config);
    this.slotName = config.getDbzProperties().getProperty("slot.name");
  }

  @Override
  public Offset displayCommittedOffset(JdbcSourceConfig sourceConfig) {
    try (JdbcConnection jdbc = openJdbcConnection(sourceConfig)) {
      String restartLsn = jdbc.prepareQueryAndMap(RESTART_LSN, statement -> statement.setString(1, slotName),
          rs -> rs.next() ? rs.getString(1) : null);
      if (restartLsn == null) {
        throw new FlinkRuntimeException("Replication slot " + slotName + " does not exist");
      }
      return PostgresOffset.of(Map.of(
          SourceInfo.LSN_KEY, Long.toString(Lsn.valueOf(restartLsn).asLong()),
          SourceInfo.TIMESTAMP_USEC_KEY, Long.toString(Conversions.toEpochMicros(Instant.MIN))));
    } catch (SQLException e) {
      throw new FlinkRuntimeException("Reading the restart position of slot " + slotName + " failed", e);
    }
  }
}
