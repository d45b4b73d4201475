package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.StreamTesting.WAIT;
import static dev.cdcwizard.engine.stream.StreamTesting.dropSlot;
import static dev.cdcwizard.engine.stream.StreamTesting.queryText;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.Await;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import dev.cdcwizard.engine.stream.PgOutputMessage.Insert;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The case that loses changes when positions of changes are compared with a watermark: a transaction
 * whose first change lies before the slot's consistent point and whose commit lies after it. The
 * slot sends it whole and the snapshot does not see it.
 */
class SnapshotStreamBoundaryIT {
  private EmbeddedPostgresServer server;
  private String database;

  @Test
  void aTransactionStraddlingTheConsistentPointIsStreamedWholeAndNotInTheSnapshot() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("snapshot_boundary");
    PostgresEndpoint endpoint = SharedPostgres.endpoint(database);
    server.execute(database, "CREATE TABLE rows (id int PRIMARY KEY, label text)",
        "CREATE PUBLICATION boundary_pub FOR TABLE rows");
    ExecutorService creator = Executors.newSingleThreadExecutor();
    Future<ExportedSnapshotSlot> creating = null;
    try (Connection first = server.connect(database); Statement firstSql = first.createStatement();
        Connection second = server.connect(database); Statement secondSql = second.createStatement();
        Connection straddling = server.connect(database); Statement straddlingSql = straddling.createStatement()) {
      first.setAutoCommit(false);
      second.setAutoCommit(false);
      straddling.setAutoCommit(false);
      // creating a slot waits for the transactions running when it starts, then for those that
      // started before its snapshot was complete; one that starts after that is decoded in full
      firstSql.execute("INSERT INTO rows VALUES (1, 'running when creation starts')");
      String firstXid = queryText(first, "SELECT pg_current_xact_id()::text");
      creating = creator.submit(() -> ExportedSnapshotSlot.create(endpoint, "boundary", 60));
      awaitSlotCreationWaitingFor(firstXid);
      secondSql.execute("INSERT INTO rows VALUES (2, 'started during creation')");
      String secondXid = queryText(second, "SELECT pg_current_xact_id()::text");
      first.commit();
      awaitSlotCreationWaitingFor(secondXid);
      straddlingSql.execute("INSERT INTO rows VALUES (3, 'straddling, before the consistent point')");
      assertThat(creating.isDone()).isFalse();
      second.commit();
      ExportedSnapshotSlot slot = creating.get(WAIT.toSeconds(), TimeUnit.SECONDS);
      straddlingSql.execute("INSERT INTO rows VALUES (4, 'straddling, after the consistent point')");
      straddling.commit();

      try (Connection reader = server.connect(database)) {
        reader.setAutoCommit(false);
        reader.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        slot.importInto(reader);
        assertThat(queryText(reader, "SELECT string_agg(id::text, ',' ORDER BY id) FROM rows")).isEqualTo("1,2");
      }
      try (ReplicationStreamConnection stream = ReplicationStreamConnection.open(endpoint,
          ReplicationStreamOptions.of("boundary", "boundary_pub", slot.consistentPoint()), 10)) {
        StreamCollector collector = new StreamCollector(stream);
        ReceivedTransaction tx = collector.next(WAIT);

        assertThat(tx.all(Insert.class)).extracting(insert -> insert.newTuple().get(0).text())
            .containsExactly("3", "4");
        StreamedMessage firstChange = tx.body().stream().filter(m -> m.message() instanceof Insert)
            .findFirst().orElseThrow();
        assertThat(firstChange.lsn()).isLessThan(slot.consistentPoint());
        assertThat(tx.commitMessage().commitLsn()).isGreaterThan(slot.consistentPoint());
        collector.expectNothingFor(Duration.ofMillis(500));
      }
    } finally {
      // the transactions are rolled back by now, so a creation still waiting for them ends
      creator.shutdown();
      if (creator.awaitTermination(30, TimeUnit.SECONDS)) {
        closeCreated(creating);
        dropSlot(server, database, "boundary");
      }
    }
  }

  private static void closeCreated(Future<ExportedSnapshotSlot> creating) throws Exception {
    if (creating != null) {
      try {
        creating.get().close();
      } catch (ExecutionException e) {
        // the test failed before the slot was made; its own failure is the one reported
      }
    }
  }

  /** Until the slot's walsender waits for the transaction to end, as it does while building its snapshot. */
  private void awaitSlotCreationWaitingFor(String xid) throws Exception {
    Await.until("the slot creation waits for transaction " + xid, WAIT, () -> {
      try (Connection connection = server.connect(database)) {
        return "1".equals(queryText(connection, "SELECT count(*)::text FROM pg_locks l"
            + " JOIN pg_stat_activity a ON a.pid = l.pid AND a.backend_type = 'walsender'"
            + " WHERE l.locktype = 'transactionid' AND NOT l.granted AND l.transactionid::text = '" + xid + "'"));
      }
    });
  }
}
