package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.postgresql.Driver;

/**
 * The sink writer's connection to the target. Parameters go untyped ({@code stringtype=unspecified}),
 * so the server reads each text value with the target column's own input function; batched inserts are
 * rewritten into multi-row INSERTs, which is most of the write speed.
 */
final class WriterConnections {
  private static final int CONNECT_TIMEOUT_SECONDS = 30;
  /** Long enough for a large batch or an ALTER TABLE waiting for its lock. */
  private static final int SOCKET_TIMEOUT_SECONDS = 600;

  private WriterConnections() {}

  static Connection open(PostgresEndpoint endpoint) throws SQLException {
    Properties properties = new Properties();
    properties.setProperty("user", endpoint.user());
    properties.setProperty("password", endpoint.password());
    properties.setProperty("sslmode", endpoint.sslMode().jdbcValue());
    properties.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
    properties.setProperty("loginTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
    properties.setProperty("socketTimeout", Integer.toString(SOCKET_TIMEOUT_SECONDS));
    properties.setProperty("ApplicationName", "CDC Wizard sink");
    properties.setProperty("stringtype", "unspecified");
    properties.setProperty("reWriteBatchedInserts", "true");
    // the driver directly: in a Flink job's class loader DriverManager may not know it
    Connection connection = new Driver().connect(endpoint.jdbcUrl(), properties);
    if (connection == null) {
      throw new SQLException("Not a PostgreSQL JDBC URL: " + endpoint.jdbcUrl());
    }
    connection.setAutoCommit(false);
    return connection;
  }
}
