package dev.cdcwizard.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.postgres.PostgresEndpoint.SslMode;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every connection failure against a real server (password authentication on, as in the tutorial). */
class PostgresConnectorIT {
  private static final PostgresConnector CONNECTOR = new PostgresConnector(Duration.ofSeconds(2));
  private static EmbeddedPostgresServer server;

  @BeforeAll
  static void start() throws Exception {
    server = SampleDatabase.start();
    server.execute("postgres",
        "CREATE ROLE limited LOGIN PASSWORD 'secret' CONNECTION LIMIT 0",
        "CREATE ROLE outsider LOGIN PASSWORD 'secret'",
        "CREATE DATABASE private_db",
        "REVOKE CONNECT ON DATABASE private_db FROM PUBLIC",
        "CREATE DATABASE ssl_only");
    requireSslFor("ssl_only");
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void reportsTheServerVersion() throws Exception {
    ServerVersion version = CONNECTOR.probe(endpoint(SampleDatabase.DATABASE, "postgres", SampleDatabase.PASSWORD));
    assertThat(version.major()).isEqualTo(16);
    assertThat(version.text()).startsWith("16.");
  }

  @Test
  void wrongPassword() {
    assertFailure(endpoint(SampleDatabase.DATABASE, "postgres", "wrong"), ConnectionFailure.WRONG_PASSWORD);
  }

  @Test
  void missingDatabase() {
    assertFailure(endpoint("no_such_db", "postgres", SampleDatabase.PASSWORD), ConnectionFailure.DATABASE_MISSING);
  }

  @Test
  void tooManyConnections() {
    assertFailure(endpoint("postgres", "limited", "secret"), ConnectionFailure.TOO_MANY_CONNECTIONS);
  }

  @Test
  void noConnectPermission() {
    assertFailure(endpoint("private_db", "outsider", "secret"), ConnectionFailure.PERMISSION_DENIED);
  }

  @Test
  void sslRequired() {
    assertFailure(endpoint("ssl_only", "postgres", SampleDatabase.PASSWORD), ConnectionFailure.SSL_REQUIRED);
  }

  @Test
  void sslUnavailable() {
    PostgresEndpoint endpoint = new PostgresEndpoint(server.host(), server.port(), SampleDatabase.DATABASE,
        "postgres", SampleDatabase.PASSWORD, SslMode.REQUIRE);
    assertFailure(endpoint, ConnectionFailure.SSL_UNAVAILABLE);
  }

  @Test
  void unknownRoleOnATrustingServer() {
    PostgresEndpoint endpoint = SharedPostgres.endpoint("postgres", "nobody_at_all");
    assertFailure(endpoint, ConnectionFailure.ROLE_MISSING);
  }

  @Test
  void unknownHost() {
    assertFailure(new PostgresEndpoint("no-such-host.invalid", 5432, "db", "u", "p"), ConnectionFailure.UNKNOWN_HOST);
  }

  @Test
  void connectionRefused() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    assertFailure(new PostgresEndpoint("localhost", closedPort, "db", "u", "p"), ConnectionFailure.CONNECTION_REFUSED);
  }

  @Test
  void aServerThatNeverAnswersTimesOut() throws Exception {
    try (ServerSocket silent = new ServerSocket(0)) {
      Thread acceptor = new Thread(() -> {
        try (Socket ignored = silent.accept()) {
          Thread.sleep(10_000);
        } catch (Exception e) {
          // the test is over
        }
      });
      acceptor.setDaemon(true);
      acceptor.start();
      long started = System.nanoTime();
      assertFailure(new PostgresEndpoint("localhost", silent.getLocalPort(), "db", "u", "p", SslMode.DISABLE),
          ConnectionFailure.TIMEOUT);
      assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(8));
    }
  }

  @Test
  void messagesNameTheEndpointButNeverThePassword() {
    assertThatThrownBy(() -> CONNECTOR.open(endpoint(SampleDatabase.DATABASE, "postgres", "Sup3rSecret")))
        .isInstanceOfSatisfying(PostgresConnectionException.class, e -> {
          assertThat(e.problem().english()).isEqualTo("The password for user postgres was not accepted.");
          assertThat(e.problem().key().key()).isEqualTo("error.connection.wrongPassword");
          assertThat(e.fix().english()).isNotBlank();
          assertThat(e.getMessage() + e.problem() + e.fix()).doesNotContain("Sup3rSecret");
        });
  }

  private static void assertFailure(PostgresEndpoint endpoint, ConnectionFailure expected) {
    assertThatThrownBy(() -> CONNECTOR.open(endpoint).close())
        .isInstanceOfSatisfying(PostgresConnectionException.class,
            e -> assertThat(e.failure()).as(e.getCause().toString()).isEqualTo(expected));
  }

  private static PostgresEndpoint endpoint(String database, String user, String password) {
    return new PostgresEndpoint(server.host(), server.port(), database, user, password, SslMode.PREFER);
  }

  /** The embedded server has no certificate: a database reachable only over SSL is reachable by nobody. */
  private static void requireSslFor(String database) throws Exception {
    try (Connection connection = server.connect("postgres");
        Statement statement = connection.createStatement()) {
      Path hba;
      try (ResultSet rs = statement.executeQuery("SHOW hba_file")) {
        rs.next();
        hba = Path.of(rs.getString(1));
      }
      Files.writeString(hba, "hostnossl " + database + " all 127.0.0.1/32 reject\n"
          + "hostnossl " + database + " all ::1/128 reject\n" + Files.readString(hba));
      statement.execute("SELECT pg_reload_conf()");
    }
  }
}
