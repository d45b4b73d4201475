package dev.cdcwizard.app.step.connect;

import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.ServerVersion;
import java.sql.SQLException;

/** Connects once and tells the server's version; a parameter so that UI tests need no server. */
@FunctionalInterface
public interface ConnectionTester {
  ConnectionTester JDBC = new PostgresConnector()::probe;

  ServerVersion serverVersion(PostgresEndpoint endpoint) throws PostgresConnectionException, SQLException;
}
