package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.publication.PublishedTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Optional;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Stops the job when its publication no longer sends every change of a captured table: taken out of it,
 * a kind of change no longer published, a row filter or a column list. The changes left out until then are
 * never sent, so the stop asks for a fresh start, which copies them.
 */
final class PublicationWatch {
  private PublicationWatch() {}

  static void check(Connection connection, String publication, Collection<TableId> captured) throws SQLException {
    Optional<PublishedTables> now = PublishedTables.read(connection, publication);
    if (now.isEmpty()) {
      // dropped: the stream's own connection fails on it, naming it; or Debezium has yet to create it
      return;
    }
    if (!now.get().allChanges()) {
      throw stop(EngineMessage.STOP_PUBLICATION_NOT_ALL_CHANGES, publication);
    }
    for (TableId table : captured) {
      TableName name = new TableName(table.schema(), table.table());
      if (!now.get().publishes(name)) {
        throw stop(EngineMessage.STOP_TABLE_UNPUBLISHED, table, publication);
      }
      if (now.get().filtered().contains(name)) {
        throw stop(EngineMessage.STOP_TABLE_FILTERED, table, publication);
      }
    }
  }

  private static SuppressRestartsException stop(EngineMessage message, Object... arguments) {
    return new SuppressRestartsException(new PipelineStopException(message, arguments));
  }
}
