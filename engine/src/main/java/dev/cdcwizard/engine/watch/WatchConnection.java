package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A watch's one connection to the source, opened when a check first needs it and again after it was
 * dropped: a source unreachable for a moment costs a check, not the job (the stream's own connection
 * fails the job if it stays so).
 */
final class WatchConnection implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WatchConnection.class);
  private static final int CONNECT_TIMEOUT_SECONDS = 30;

  private final PostgresEndpoint source;
  private Connection connection;

  WatchConnection(PostgresEndpoint source) {
    this.source = source;
  }

  Connection get() throws SQLException {
    if (connection == null || connection.isClosed()) {
      connection = source.connect(CONNECT_TIMEOUT_SECONDS);
    }
    return connection;
  }

  /** What a check reads of the catalog. */
  @FunctionalInterface
  interface CatalogReads {
    void read(Connection connection) throws SQLException;
  }

  /**
   * Runs a check's reads in one snapshot of the catalog, then ends it. Read one statement at a time, an ALTER
   * committed between two of them showed the table's new file beside its old columns: a rewrite that changed a
   * column's type looked like a VACUUM FULL, was taken as seen, and never stopped the job.
   */
  void inOneSnapshot(CatalogReads reads) throws SQLException {
    Connection connection = get();
    connection.setAutoCommit(false);
    connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    try {
      reads.read(connection);
    } finally {
      // nothing was written; a snapshot held open between checks would hold back the source's vacuum
      connection.rollback();
      connection.setAutoCommit(true);
    }
  }

  /** Closes it, so that the next check connects anew. */
  @Override
  public void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        LOG.debug("Closing the connection to the source failed", e);
      }
      connection = null;
    }
  }
}
