package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.watch.TableRewrites;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * Refuses a copy of a table that an ALTER TABLE rewrote while the snapshot copied it. The ALTER writes every
 * row again in a transaction newer than the exported snapshot, so a reader that reads the table in that
 * snapshot after it gets no rows at all, and the stream has no change that would bring them back
 * ({@link TableRewrites#rewrittenByAnAlter}). Checked once every split is copied, before anything is
 * committed for good, while the exporting session still holds the snapshot: a copy refused here is redone
 * from a new snapshot, which sees the table as the ALTER left it.
 */
final class RewrittenDuringCopy {
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

  private RewrittenDuringCopy() {}

  /** What the copy's snapshot saw of its tables ({@link TableRewrites#baseline}), and the tables an ALTER rewrote since. */
  record Checked(List<TableId> rewritten, List<String> tablesSeen) {}

  /**
   * @return what the snapshot saw of the tables ({@link TableRewrites#baseline})
   * @throws PipelineStopException naming the tables rewritten since the snapshot
   */
  static List<String> requireNone(PostgresEndpoint source, String snapshotName, Collection<TableId> tables)
      throws SQLException, PostgresConnectionException {
    Checked checked = check(source, snapshotName, tables);
    if (!checked.rewritten().isEmpty()) {
      throw new PipelineStopException(EngineMessage.SNAPSHOT_TABLE_REWRITTEN,
          String.join(", ", checked.rewritten().stream().map(TableId::toString).toList()));
    }
    return checked.tablesSeen();
  }

  /** Checks the tables against the snapshot {@code snapshotName}, which must still be held. */
  static Checked check(PostgresEndpoint source, String snapshotName, Collection<TableId> tables)
      throws SQLException, PostgresConnectionException {
    PostgresConnector connector = new PostgresConnector(CONNECT_TIMEOUT);
    try (Connection inSnapshot = connector.open(source); Connection now = connector.open(source)) {
      inSnapshot.setAutoCommit(false);
      inSnapshot.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      try (Statement statement = inSnapshot.createStatement()) {
        statement.execute("SET TRANSACTION SNAPSHOT " + Identifiers.literal(snapshotName));
      }
      // the columns and the file read in one snapshot: an ALTER between the two reads would pass for a VACUUM FULL
      now.setAutoCommit(false);
      now.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      Checked checked = new Checked(TableRewrites.rewrittenByAnAlter(inSnapshot, now, tables),
          TableRewrites.baseline(inSnapshot, tables));
      inSnapshot.rollback();
      now.rollback();
      return checked;
    }
  }
}
