package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.StreamTesting.WAIT;
import static dev.cdcwizard.engine.stream.StreamTesting.createSlot;
import static dev.cdcwizard.engine.stream.StreamTesting.dropSlot;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.replication.LogSequenceNumber;

/** How opening a stream fails, and when: some refusals come only with the first change. */
class ReplicationStreamConnectionIT {
  private static EmbeddedPostgresServer server;
  private static String database;
  private static PostgresEndpoint endpoint;

  @BeforeAll
  static void createTable() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("stream_open");
    endpoint = SharedPostgres.endpoint(database);
    server.execute(database, "CREATE TABLE t (id int PRIMARY KEY)", "CREATE PUBLICATION open_pub FOR TABLE t");
  }

  @Test
  void aMissingSlotIsRefusedAtOnce() {
    assertThatThrownBy(() -> ReplicationStreamConnection.open(endpoint,
        ReplicationStreamOptions.of("no_such_slot", "open_pub", LogSequenceNumber.INVALID_LSN), 10))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("does not exist");
  }

  @Test
  void aSlotHasOneConsumerAtATime() throws Exception {
    LogSequenceNumber start = createSlot(endpoint, "open_busy");
    ReplicationStreamOptions options = ReplicationStreamOptions.of("open_busy", "open_pub", start);
    try (ReplicationStreamConnection first = ReplicationStreamConnection.open(endpoint, options, 10)) {
      assertThatThrownBy(() -> ReplicationStreamConnection.open(endpoint, options, 10))
          .isInstanceOf(SQLException.class)
          .hasMessageContaining("is active")
          .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("55006");
    } finally {
      dropSlot(server, database, "open_busy");
    }
  }

  @Test
  void aPublicationThatDoesNotExistFailsTheFirstChangeNotTheStart() throws Exception {
    LogSequenceNumber start = createSlot(endpoint, "open_no_pub");
    try (ReplicationStreamConnection stream = ReplicationStreamConnection.open(endpoint,
        ReplicationStreamOptions.of("open_no_pub", "Open_Pub", start), 10)) {
      server.execute(database, "INSERT INTO t VALUES (1)");

      StreamCollector collector = new StreamCollector(stream);
      assertThatThrownBy(() -> collector.next(WAIT)).isInstanceOf(SQLException.class)
          .hasMessageContaining("publication \"Open_Pub\" does not exist");
    } finally {
      dropSlot(server, database, "open_no_pub");
    }
  }
}
