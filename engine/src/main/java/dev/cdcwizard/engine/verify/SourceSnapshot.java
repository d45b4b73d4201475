package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A REPEATABLE READ transaction on the source and the WAL position of its snapshot: every change the
 * snapshot shows was written before {@link #lsn()}, so a pipeline whose slot has confirmed that
 * position has committed all of them. Read-only; rolled back on close.
 */
final class SourceSnapshot implements AutoCloseable {
  private static final int TIMEOUT_SECONDS = 30;

  private final Connection connection;
  private final String lsn;

  private SourceSnapshot(Connection connection, String lsn) {
    this.connection = connection;
    this.lsn = lsn;
  }

  static SourceSnapshot open(PostgresEndpoint endpoint) throws SQLException {
    Connection connection = endpoint.connect(TIMEOUT_SECONDS);
    try {
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      connection.setReadOnly(true);
      // the snapshot is taken by this first statement, before the function reads the insert position
      try (Statement statement = connection.createStatement();
          ResultSet rs = statement.executeQuery("SELECT pg_current_wal_insert_lsn()::text")) {
        rs.next();
        return new SourceSnapshot(connection, rs.getString(1));
      }
    } catch (SQLException e) {
      connection.close();
      throw e;
    }
  }

  Connection connection() {
    return connection;
  }

  String lsn() {
    return lsn;
  }

  @Override
  public void close() throws SQLException {
    try {
      connection.rollback();
    } finally {
      connection.close();
    }
  }
}
