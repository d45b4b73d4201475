package dev.cdcwizard.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConnectionFailureClassifierTest {

  @Test
  void classifiesServerErrorsBySqlState() {
    assertThat(classify("password authentication failed", "28P01")).isEqualTo(ConnectionFailure.WRONG_PASSWORD);
    assertThat(classify("database \"x\" does not exist", "3D000")).isEqualTo(ConnectionFailure.DATABASE_MISSING);
    assertThat(classify("too many connections for role", "53300")).isEqualTo(ConnectionFailure.TOO_MANY_CONNECTIONS);
    assertThat(classify("the database system is starting up", "57P03")).isEqualTo(ConnectionFailure.SERVER_STARTING);
    assertThat(classify("permission denied for database x", "42501")).isEqualTo(ConnectionFailure.PERMISSION_DENIED);
    assertThat(classify("The server does not support SSL.", "08004")).isEqualTo(ConnectionFailure.SSL_UNAVAILABLE);
  }

  @Test
  void tellsHbaRejectionsApart() {
    assertThat(classify("no pg_hba.conf entry for host \"1.2.3.4\", user \"u\", database \"d\", no encryption",
        "28000")).isEqualTo(ConnectionFailure.SSL_REQUIRED);
    assertThat(classify("role \"nobody\" does not exist", "28000")).isEqualTo(ConnectionFailure.ROLE_MISSING);
    assertThat(classify("no pg_hba.conf entry for host \"1.2.3.4\", user \"u\", database \"d\", SSL encryption",
        "28000")).isEqualTo(ConnectionFailure.NOT_ALLOWED_BY_HBA);
  }

  @Test
  void classifiesNetworkFailuresByCause() {
    assertThat(classifyCause(new UnknownHostException("nohost"))).isEqualTo(ConnectionFailure.UNKNOWN_HOST);
    assertThat(classifyCause(new ConnectException("Connection refused"))).isEqualTo(ConnectionFailure.CONNECTION_REFUSED);
    assertThat(classifyCause(new SocketTimeoutException("connect timed out"))).isEqualTo(ConnectionFailure.TIMEOUT);
    assertThat(classifyCause(new NoRouteToHostException("no route"))).isEqualTo(ConnectionFailure.HOST_UNREACHABLE);
    assertThat(classifyCause(new IllegalStateException("?"))).isEqualTo(ConnectionFailure.OTHER);
  }

  @Test
  void findsTheCauseDeeperInTheChain() {
    SQLException e = new SQLException("failed", "08001",
        new RuntimeException("wrapped", new SocketTimeoutException("Read timed out")));
    assertThat(ConnectionFailureClassifier.classify(e)).isEqualTo(ConnectionFailure.TIMEOUT);
  }

  @Test
  void aBareUnableToConnectAfterTheWholeTimeoutIsATimeout() {
    SQLException e = new SQLException("Connection attempt timed out.", "08001");
    assertThat(ConnectionFailureClassifier.classify(e, Duration.ofSeconds(2), Duration.ofSeconds(2)))
        .isEqualTo(ConnectionFailure.TIMEOUT);
    assertThat(ConnectionFailureClassifier.classify(e, Duration.ofMillis(10), Duration.ofSeconds(2)))
        .isEqualTo(ConnectionFailure.OTHER);
  }

  private static ConnectionFailure classify(String message, String state) {
    return ConnectionFailureClassifier.classify(new SQLException(message, state));
  }

  private static ConnectionFailure classifyCause(Throwable cause) {
    return ConnectionFailureClassifier.classify(new SQLException("Connection attempt failed.", "08001", cause));
  }
}
