package dev.cdcwizard.engine.postgres;

import dev.cdcwizard.engine.message.UserMessage;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Opens connections with a timeout and turns every failure into a {@link PostgresConnectionException}. */
public final class PostgresConnector {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresConnector.class);

  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  private final Duration timeout;

  public PostgresConnector(Duration timeout) {
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("The connect timeout must be positive: " + timeout);
    }
    this.timeout = timeout;
  }

  public PostgresConnector() {
    this(DEFAULT_TIMEOUT);
  }

  public Connection open(PostgresEndpoint endpoint) throws PostgresConnectionException {
    long started = System.nanoTime();
    try {
      return endpoint.connect(timeoutSeconds());
    } catch (SQLException e) {
      ConnectionFailure failure = ConnectionFailureClassifier.classify(e,
          Duration.ofNanos(System.nanoTime() - started), Duration.ofSeconds(timeoutSeconds()));
      LOG.debug("Connecting to {} failed: {} (SQLState {})", endpoint, failure, e.getSQLState());
      Object[] arguments = {endpoint.host(), String.valueOf(endpoint.port()), endpoint.database(),
          endpoint.user(), String.valueOf(timeoutSeconds()), String.valueOf(e.getMessage())};
      throw new PostgresConnectionException(failure, UserMessage.of(failure.problem(), arguments),
          UserMessage.of(failure.fix(), arguments), e);
    }
  }

  /** Connects, reads the server version and disconnects: the "test connection" button. */
  public ServerVersion probe(PostgresEndpoint endpoint) throws PostgresConnectionException, SQLException {
    try (Connection connection = open(endpoint)) {
      return serverVersion(connection);
    }
  }

  public static ServerVersion serverVersion(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(
            "SELECT current_setting('server_version_num')::int, current_setting('server_version')")) {
      rs.next();
      return new ServerVersion(rs.getInt(1), rs.getString(2));
    }
  }

  private int timeoutSeconds() {
    return (int) Math.max(1, timeout.toSeconds());
  }
}
