package dev.cdcwizard.engine.postgres;

import java.io.Serializable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import java.util.Properties;
import org.postgresql.Driver;
import org.postgresql.PGProperty;

/**
 * Where a PostgreSQL database is and who connects to it. {@link #toString()} leaves the password out:
 * endpoints end up in logs and error messages.
 */
public record PostgresEndpoint(
    String host, int port, String database, String user, String password, SslMode sslMode)
    implements Serializable {

  public static final int DEFAULT_PORT = 5432;

  public PostgresEndpoint {
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(user, "user");
    password = password == null ? "" : password;
    sslMode = sslMode == null ? SslMode.PREFER : sslMode;
  }

  public PostgresEndpoint(String host, int port, String database, String user, String password) {
    this(host, port, database, user, password, SslMode.PREFER);
  }

  public String jdbcUrl() {
    return "jdbc:postgresql://" + host + ":" + port + "/" + database;
  }

  /** A JDBC connection with the given timeout in seconds for connecting and for each statement. */
  public Connection connect(int timeoutSeconds) throws SQLException {
    return open(properties(timeoutSeconds, Math.max(timeoutSeconds * 6, 30)));
  }

  /**
   * A replication connection (a walsender in database mode) that runs replication commands such as
   * {@code CREATE_REPLICATION_SLOT} and {@code START_REPLICATION}. Its socket timeout is separate: slot
   * creation waits for every running transaction to end, however long that takes; 0 waits forever.
   */
  public Connection connectForReplication(int timeoutSeconds, int socketTimeoutSeconds) throws SQLException {
    Properties properties = properties(timeoutSeconds, socketTimeoutSeconds);
    PGProperty.REPLICATION.set(properties, "database");
    // replication connections accept only the simple query protocol, and pgJDBC's replication API
    // needs to know the server is at least 9.4 before it connects
    PGProperty.PREFER_QUERY_MODE.set(properties, "simple");
    PGProperty.ASSUME_MIN_SERVER_VERSION.set(properties, "10");
    return open(properties);
  }

  private Properties properties(int timeoutSeconds, int socketTimeoutSeconds) {
    Properties properties = new Properties();
    properties.setProperty("user", user);
    properties.setProperty("password", password);
    properties.setProperty("sslmode", sslMode.jdbcValue());
    properties.setProperty("connectTimeout", Integer.toString(timeoutSeconds));
    // connectTimeout covers the TCP handshake only; loginTimeout also bounds a server that accepts
    // the socket and then never answers
    properties.setProperty("loginTimeout", Integer.toString(timeoutSeconds));
    properties.setProperty("socketTimeout", Integer.toString(socketTimeoutSeconds));
    properties.setProperty("ApplicationName", "CDC Wizard");
    return properties;
  }

  private Connection open(Properties properties) throws SQLException {
    // the driver directly, not DriverManager: in a Flink job's class loader DriverManager may only know
    // a driver registered by an earlier job's loader, and answer "No suitable driver"
    Connection connection = new Driver().connect(jdbcUrl(), properties);
    if (connection == null) {
      throw new SQLException("Not a PostgreSQL JDBC URL: " + jdbcUrl());
    }
    return connection;
  }

  @Override
  public String toString() {
    return user + "@" + host + ":" + port + "/" + database + " (sslmode=" + sslMode.jdbcValue() + ")";
  }

  /** The libpq / pgJDBC sslmode values. */
  public enum SslMode {
    DISABLE, ALLOW, PREFER, REQUIRE, VERIFY_CA, VERIFY_FULL;

    public String jdbcValue() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    public static SslMode fromJdbcValue(String value) {
      return valueOf(value.trim().toUpperCase(java.util.Locale.ROOT).replace('-', '_'));
    }
  }
}
