package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.StreamTesting.WAIT;
import static dev.cdcwizard.engine.stream.StreamTesting.confirmedFlush;
import static dev.cdcwizard.engine.stream.StreamTesting.onNewSlot;
import static dev.cdcwizard.engine.stream.StreamTesting.queryText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.Await;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.replication.LogSequenceNumber;

/** Keepalives: answered while the stream is read, and carrying the WAL end when nothing is published. */
class StreamKeepaliveIT {
  private static final String PUBLICATION = "keepalive_pub";
  private static EmbeddedPostgresServer server;
  private static String database;
  private static PostgresEndpoint endpoint;
  /** A role whose walsenders give up on a silent client after two seconds. */
  private static PostgresEndpoint impatient;

  @BeforeAll
  static void createTables() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("keepalive");
    endpoint = SharedPostgres.endpoint(database);
    impatient = SharedPostgres.endpoint(database, "impatient");
    server.execute(database,
        "CREATE TABLE watched (id int PRIMARY KEY)",
        "CREATE TABLE unwatched (id serial PRIMARY KEY, v text)",
        "CREATE PUBLICATION keepalive_pub FOR TABLE watched",
        "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'impatient') THEN"
            + " CREATE ROLE impatient LOGIN REPLICATION; END IF; END $$",
        "ALTER ROLE impatient SET wal_sender_timeout = '2s'");
  }

  @Test
  void withNothingPublishedTheReceivedPositionFollowsTheWalAndCanBeAcknowledged() throws Exception {
    onNewSlot(endpoint, "keepalive_ack", PUBLICATION, options -> options.withStatusInterval(Duration.ofSeconds(1)),
        (collector, stream) -> {
          server.execute(database, "INSERT INTO watched VALUES (1)");
          LogSequenceNumber commitEnd = collector.next(WAIT).commitMessage().endLsn();

          server.execute(database, "INSERT INTO unwatched (v) SELECT 'x' FROM generate_series(1, 100)",
              "INSERT INTO unwatched (v) VALUES ('y')");
          LogSequenceNumber walAfterWrites = currentWal();
          Await.until("a keepalive reports the WAL past the unpublished writes", WAIT, () -> {
            Optional<StreamedMessage> message = stream.read(Duration.ofMillis(100));
            assertThat(message).as("nothing published was written").isEmpty();
            return stream.lastReceivedLsn().compareTo(walAfterWrites) >= 0;
          });

          LogSequenceNumber walEnd = stream.lastReceivedLsn();
          assertThat(walEnd).isGreaterThan(commitEnd).isLessThanOrEqualTo(currentWal());
          stream.acknowledge(walEnd);
          assertThat(stream.acknowledgedLsn()).isEqualTo(walEnd);
          Await.until("confirmed_flush_lsn reaches " + walEnd, WAIT,
              () -> confirmedFlush(server, database, "keepalive_ack").equals(walEnd));
        });
  }

  @Test
  void readingAnswersTheServersKeepalives() throws Exception {
    // status every 30 s, far beyond the 2 s timeout: only the answers to the server's pings keep it up
    onNewSlot(impatient, "keepalive_answer", PUBLICATION,
        options -> options.withStatusInterval(Duration.ofSeconds(30)), (collector, stream) -> {
          collector.expectNothingFor(Duration.ofSeconds(6));
          server.execute(database, "INSERT INTO watched VALUES (2)");

          assertThat(collector.next(WAIT).commitMessage()).isNotNull();
        });
  }

  @Test
  void aStreamNotReadIsDroppedAndTheNextStatusWriteSaysSo() throws Exception {
    onNewSlot(impatient, "keepalive_dropped", PUBLICATION,
        options -> options.withStatusInterval(Duration.ofSeconds(1)), (collector, stream) -> {
          Thread.sleep(5_000);
          server.execute(database, "INSERT INTO watched VALUES (3)");

          // pgJDBC's non-blocking read takes the closed connection for "nothing pending"; only
          // writing the periodic status finds it gone, at the latest on the second write
          long start = System.nanoTime();
          assertThatThrownBy(() -> collector.next(WAIT)).isInstanceOf(SQLException.class)
              .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("08006");
          assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        });
  }

  private static LogSequenceNumber currentWal() throws Exception {
    try (Connection connection = server.connect(database)) {
      return LogSequenceNumber.valueOf(queryText(connection, "SELECT pg_current_wal_lsn()::text"));
    }
  }
}
