package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.publication.PublishedTables;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Stops the job when its publication no longer sends every change of a captured table: taken out of it,
 * a kind of change no longer published, a row filter or a column list, a partitioned table's changes no longer
 * sent as its own. The changes left out until then are
 * never sent, so the stop asks for a fresh start, which copies them.
 */
final class PublicationWatch {
  private static final String PARTITIONED = "SELECT oid FROM pg_class WHERE oid = ANY (?) AND relkind = 'p'"
      + " ORDER BY oid LIMIT 1";

  private PublicationWatch() {}

  static void check(Connection connection, String publication, Map<Long, TableId> captured) throws SQLException {
    Optional<PublishedTables> now = PublishedTables.read(connection, publication);
    if (now.isEmpty()) {
      // dropped: the stream's own connection fails on it, naming it; or Debezium has yet to create it
      return;
    }
    if (!now.get().allChanges()) {
      throw stop(EngineMessage.STOP_PUBLICATION_NOT_ALL_CHANGES, publication);
    }
    if (!now.get().viaRoot()) {
      // a partition's changes then come under the partition's name, which the pipeline does not capture
      Optional<TableId> partitioned = partitioned(connection, captured);
      if (partitioned.isPresent()) {
        throw stop(EngineMessage.STOP_PUBLICATION_NOT_VIA_ROOT, publication, partitioned.get());
      }
    }
    for (TableId table : captured.values()) {
      TableName name = new TableName(table.schema(), table.table());
      if (!now.get().publishes(name)) {
        throw stop(EngineMessage.STOP_TABLE_UNPUBLISHED, table, publication);
      }
      if (now.get().filtered().contains(name)) {
        throw stop(EngineMessage.STOP_TABLE_FILTERED, table, publication);
      }
    }
  }

  private static Optional<TableId> partitioned(Connection connection, Map<Long, TableId> captured) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(PARTITIONED)) {
      statement.setArray(1, connection.createArrayOf("bigint", captured.keySet().toArray()));
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() ? Optional.of(captured.get(rs.getLong(1))) : Optional.empty();
      }
    }
  }

  private static SuppressRestartsException stop(EngineMessage message, Object... arguments) {
    return new SuppressRestartsException(new PipelineStopException(message, arguments));
  }
}
