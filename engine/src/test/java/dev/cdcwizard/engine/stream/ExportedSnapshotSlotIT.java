package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.StreamTesting.WAIT;
import static dev.cdcwizard.engine.stream.StreamTesting.dropSlot;
import static dev.cdcwizard.engine.stream.StreamTesting.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import dev.cdcwizard.engine.stream.PgOutputMessage.Insert;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.replication.ReplicationSlotInfo;

/** The exported snapshot and the slot's stream meet at the consistent point, with nothing lost or twice. */
class ExportedSnapshotSlotIT {
  private static EmbeddedPostgresServer server;
  private static String database;
  private static PostgresEndpoint endpoint;

  @BeforeAll
  static void createTable() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("exported_snapshot");
    endpoint = SharedPostgres.endpoint(database);
    server.execute(database,
        "CREATE TABLE rows (id int PRIMARY KEY, label text)",
        "CREATE PUBLICATION snapshot_pub FOR TABLE rows");
  }

  @Test
  void theSnapshotSeesWhatCommittedBeforeTheConsistentPointAndTheSlotStreamsTheRest() throws Exception {
    server.execute(database, "INSERT INTO rows VALUES (1, 'before'), (2, 'before')");
    try (ExportedSnapshotSlot slot = ExportedSnapshotSlot.create(endpoint, "snap_basic", 60);
        Connection reader = repeatableRead()) {
      server.execute(database, "INSERT INTO rows VALUES (3, 'after')");
      assertThat(slot.slotName()).isEqualTo("snap_basic");
      assertThat(slot.snapshotName()).isNotBlank();

      slot.importInto(reader);
      assertThat(ids(reader, "id <= 3")).containsExactly(1, 2);
      try (ReplicationStreamConnection stream = ReplicationStreamConnection.open(endpoint,
          ReplicationStreamOptions.of("snap_basic", "snapshot_pub", slot.consistentPoint()), 10)) {
        StreamCollector collector = new StreamCollector(stream);
        ReceivedTransaction tx = collector.next(WAIT);
        assertThat(tx.all(Insert.class)).extracting(insert -> texts(insert.newTuple()))
            .containsExactly(List.of("3", "after"));
        assertThat(tx.commitMessage().commitLsn()).isGreaterThan(slot.consistentPoint());
        collector.expectNothingFor(Duration.ofMillis(500));
      }

      slot.close();
      // a transaction that imported the snapshot keeps it; a new one can no longer import it
      assertThat(ids(reader, "id <= 3")).containsExactly(1, 2);
      try (Connection late = repeatableRead()) {
        assertThatThrownBy(() -> slot.importInto(late)).isInstanceOf(SQLException.class)
            .hasMessageContaining("invalid snapshot identifier");
      }
    } finally {
      dropSlot(server, database, "snap_basic");
    }
  }

  @Test
  void anotherCommandOnTheCreatingConnectionEndsTheSnapshot() throws Exception {
    try (Connection creating = endpoint.connectForReplication(10, 60); Connection reader = repeatableRead()) {
      ReplicationSlotInfo info = creating.unwrap(PGConnection.class).getReplicationAPI()
          .createReplicationSlot().logical().withSlotName("snap_busy").withOutputPlugin("pgoutput").make();
      try (Statement statement = creating.createStatement()) {
        statement.execute("IDENTIFY_SYSTEM");
      }

      try (Statement statement = reader.createStatement()) {
        assertThatThrownBy(() -> statement.execute("SET TRANSACTION SNAPSHOT '" + info.getSnapshotName() + "'"))
            .isInstanceOf(SQLException.class).hasMessageContaining("invalid snapshot identifier");
      }
    } finally {
      dropSlot(server, database, "snap_busy");
    }
  }

  @Test
  void importingNeedsARepeatableReadTransaction() throws Exception {
    try (ExportedSnapshotSlot slot = ExportedSnapshotSlot.create(endpoint, "snap_checks", 60);
        Connection connection = server.connect(database)) {
      assertThatThrownBy(() -> slot.importInto(connection)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("autocommit");
      connection.setAutoCommit(false);
      assertThatThrownBy(() -> slot.importInto(connection)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("REPEATABLE READ");
    } finally {
      dropSlot(server, database, "snap_checks");
    }
  }

  @Test
  void refusesASlotNameThatExists() throws Exception {
    try (ExportedSnapshotSlot slot = ExportedSnapshotSlot.create(endpoint, "snap_twice", 60)) {
      assertThatThrownBy(() -> ExportedSnapshotSlot.create(endpoint, "snap_twice", 60))
          .isInstanceOf(SQLException.class).hasMessageContaining("already exists");
    } finally {
      dropSlot(server, database, "snap_twice");
    }
  }

  private static Connection repeatableRead() throws SQLException {
    Connection connection = server.connect(database);
    connection.setAutoCommit(false);
    connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    return connection;
  }

  private static List<Integer> ids(Connection connection, String where) throws SQLException {
    List<Integer> ids = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT id FROM rows WHERE " + where + " ORDER BY id")) {
      while (rs.next()) {
        ids.add(rs.getInt(1));
      }
    }
    return ids;
  }
}
