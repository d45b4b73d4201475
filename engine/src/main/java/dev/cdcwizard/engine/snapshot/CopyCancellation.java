package dev.cdcwizard.engine.snapshot;

import java.sql.Connection;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Stops a COPY under way from another thread than the one running it, which then fails in its own. */
final class CopyCancellation {
  private static final Logger LOG = LoggerFactory.getLogger(CopyCancellation.class);

  private CopyCancellation() {}

  /** @param connection the connection running the COPY, or null when none runs */
  static void cancel(Connection connection) {
    if (connection != null) {
      try {
        connection.unwrap(PGConnection.class).cancelQuery();
      } catch (SQLException e) {
        LOG.debug("Cancelling a snapshot COPY failed", e);
      }
    }
  }
}
