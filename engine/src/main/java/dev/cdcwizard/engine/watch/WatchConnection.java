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
