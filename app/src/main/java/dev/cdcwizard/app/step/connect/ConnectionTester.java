package dev.cdcwizard.app.step.connect;

import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.sql.Connection;
import java.sql.SQLException;

/** Connects once and tells the server's version; a parameter so that UI tests need no server. */
@FunctionalInterface
public interface ConnectionTester {
  int TIMEOUT_SECONDS = 10;

  ConnectionTester JDBC = endpoint -> {
    try (Connection connection = endpoint.connect(TIMEOUT_SECONDS)) {
      return connection.getMetaData().getDatabaseProductVersion();
    }
  };

  String serverVersion(PostgresEndpoint endpoint) throws SQLException;
}
