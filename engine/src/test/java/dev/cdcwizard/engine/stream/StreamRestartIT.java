package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.StreamTesting.awaitInactive;
import static dev.cdcwizard.engine.stream.StreamTesting.confirmedFlush;
import static dev.cdcwizard.engine.stream.StreamTesting.createSlot;
import static dev.cdcwizard.engine.stream.StreamTesting.dropSlot;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.Await;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import dev.cdcwizard.engine.stream.PgOutputMessage.Insert;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.postgresql.replication.LogSequenceNumber;

/**
 * What a stream started again at a position sends: every transaction whose commit record starts at
 * or after it, so a restart at a Commit's endLsn sends nothing twice, and one at its commitLsn or
 * anywhere earlier sends that transaction again. The slot's confirmed_flush_lsn is a floor.
 */
class StreamRestartIT {
  private static final String SLOT = "restart_positions";
  private static final Duration QUIET = Duration.ofMillis(500);

  private EmbeddedPostgresServer server;
  private String database;
  private PostgresEndpoint endpoint;

  @Test
  void aRestartSendsEveryTransactionCommittingAtOrAfterItsStartPosition() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("stream_restart");
    endpoint = SharedPostgres.endpoint(database);
    server.execute(database, "CREATE TABLE t (id int PRIMARY KEY)", "CREATE PUBLICATION restart_pub FOR TABLE t");
    LogSequenceNumber consistentPoint = createSlot(endpoint, SLOT);
    try {
      server.execute(database, "INSERT INTO t VALUES (1)", "INSERT INTO t VALUES (2)", "INSERT INTO t VALUES (3)");
      List<ReceivedTransaction> all = streamFrom(consistentPoint, 3);
      ReceivedTransaction first = all.get(0);
      ReceivedTransaction second = all.get(1);
      LogSequenceNumber firstCommit = first.commitMessage().commitLsn();
      LogSequenceNumber firstEnd = first.commitMessage().endLsn();

      // nothing acknowledged: 0/0 and every position up to the first commit record send it again
      assertThat(ids(streamFrom(LogSequenceNumber.INVALID_LSN, 3))).containsExactly("1", "2", "3");
      assertThat(ids(streamFrom(first.begin().lsn(), 3))).containsExactly("1", "2", "3");
      assertThat(ids(streamFrom(firstCommit, 3))).containsExactly("1", "2", "3");
      // inside the commit record or at its end: the transaction counts as received
      assertThat(ids(streamFrom(LogSequenceNumber.valueOf(firstCommit.asLong() + 1), 2))).containsExactly("2", "3");
      assertThat(ids(streamFrom(firstEnd, 2))).containsExactly("2", "3");
      assertThat(ids(streamFrom(second.begin().lsn(), 2))).containsExactly("2", "3");
      // a new connection describes the table again before its first change
      assertThat(streamFrom(firstEnd, 2).get(0).shape()).containsExactly("Relation", "Insert");

      acknowledge(second.commitMessage().endLsn());
      assertThat(confirmedFlush(server, database, SLOT)).isEqualTo(second.commitMessage().endLsn());
      // an earlier start is moved up to confirmed_flush_lsn: what was acknowledged does not come again
      assertThat(ids(streamFrom(consistentPoint, 1))).containsExactly("3");
      assertThat(ids(streamFrom(firstCommit, 1))).containsExactly("3");
      assertThat(ids(streamFrom(LogSequenceNumber.INVALID_LSN, 1))).containsExactly("3");
    } finally {
      dropSlot(server, database, SLOT);
    }
  }

  /** Streams the expected number of transactions, checks that no more come, and lets the slot go. */
  private List<ReceivedTransaction> streamFrom(LogSequenceNumber start, int expected) throws Exception {
    try (ReplicationStreamConnection stream = open(start)) {
      StreamCollector collector = new StreamCollector(stream);
      List<ReceivedTransaction> transactions = collector.next(expected, StreamTesting.WAIT);
      collector.expectNothingFor(QUIET);
      return transactions;
    } finally {
      awaitInactive(server, database, SLOT);
    }
  }

  private void acknowledge(LogSequenceNumber position) throws Exception {
    try (ReplicationStreamConnection stream = open(position)) {
      stream.acknowledge(position);
      Await.until("confirmed_flush_lsn reaches " + position, StreamTesting.WAIT,
          () -> confirmedFlush(server, database, SLOT).equals(position));
    } finally {
      awaitInactive(server, database, SLOT);
    }
  }

  private ReplicationStreamConnection open(LogSequenceNumber start) throws Exception {
    return ReplicationStreamConnection.open(endpoint, ReplicationStreamOptions.of(SLOT, "restart_pub", start), 10);
  }

  private static List<String> ids(List<ReceivedTransaction> transactions) {
    return transactions.stream().flatMap(tx -> tx.all(Insert.class).stream())
        .map(insert -> insert.newTuple().get(0).text()).toList();
  }
}
