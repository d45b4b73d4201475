package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.StreamTesting.WAIT;
import static dev.cdcwizard.engine.stream.StreamTesting.onNewSlot;
import static dev.cdcwizard.engine.stream.StreamTesting.queryText;
import static dev.cdcwizard.engine.stream.StreamTesting.texts;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import dev.cdcwizard.engine.stream.PgOutputMessage.Insert;
import dev.cdcwizard.engine.stream.PgOutputMessage.LogicalMessage;
import dev.cdcwizard.engine.stream.PgOutputMessage.Origin;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.replication.LogSequenceNumber;

/** Transactions as PostgreSQL streams them: whole, in commit order, aborted ones never. */
class StreamTransactionsIT {
  private static final String PUBLICATION = "tx_pub";
  private static EmbeddedPostgresServer server;
  private static String database;
  private static PostgresEndpoint endpoint;

  @BeforeAll
  static void createTables() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("stream_tx");
    endpoint = SharedPostgres.endpoint(database);
    server.execute(database,
        "CREATE TABLE items (id int PRIMARY KEY, label text)",
        "CREATE TABLE other (id int PRIMARY KEY)",
        "CREATE PUBLICATION tx_pub FOR TABLE items, other");
  }

  @Test
  void aTransactionOfSeveralStatementsArrivesWholeWithoutItsRolledBackSavepoint() throws Exception {
    onNewSlot(endpoint, "tx_multi", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      String xid;
      try (Connection connection = server.connect(database); Statement statement = connection.createStatement()) {
        connection.setAutoCommit(false);
        statement.execute("INSERT INTO items VALUES (1, 'a')");
        statement.execute("INSERT INTO other VALUES (1)");
        statement.execute("SAVEPOINT s");
        statement.execute("INSERT INTO items VALUES (2, 'rolled back')");
        statement.execute("ROLLBACK TO SAVEPOINT s");
        statement.execute("UPDATE items SET label = 'b' WHERE id = 1");
        statement.execute("DELETE FROM other WHERE id = 1");
        xid = queryText(connection, "SELECT pg_current_xact_id()::text");
        connection.commit();
      }

      ReceivedTransaction tx = collector.next(WAIT);

      assertThat(tx.shape()).containsExactly("Relation", "Insert", "Relation", "Insert", "Update", "Delete");
      assertThat(tx.beginMessage().xid()).isEqualTo(Long.parseLong(xid));
      assertThat(tx.all(Insert.class)).extracting(insert -> texts(insert.newTuple()))
          .containsExactly(List.of("1", "a"), List.of("1"));
      collector.expectNothingFor(Duration.ofMillis(500));
    });
  }

  @Test
  void anAbortedTransactionIsNeverSent() throws Exception {
    onNewSlot(endpoint, "tx_abort", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      try (Connection connection = server.connect(database); Statement statement = connection.createStatement()) {
        connection.setAutoCommit(false);
        statement.execute("INSERT INTO items VALUES (10, 'aborted')");
        connection.rollback();
      }
      server.execute(database, "INSERT INTO items VALUES (11, 'committed')");

      ReceivedTransaction tx = collector.next(WAIT);

      assertThat(tx.all(Insert.class)).extracting(insert -> texts(insert.newTuple()))
          .containsExactly(List.of("11", "committed"));
      collector.expectNothingFor(Duration.ofMillis(500));
    });
  }

  @Test
  void concurrentTransactionsArriveInCommitOrderNotInTheOrderOfTheirChanges() throws Exception {
    onNewSlot(endpoint, "tx_order", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      try (Connection first = server.connect(database); Statement firstSql = first.createStatement();
          Connection second = server.connect(database); Statement secondSql = second.createStatement()) {
        first.setAutoCommit(false);
        second.setAutoCommit(false);
        firstSql.execute("INSERT INTO items VALUES (20, 'first starts')");
        secondSql.execute("INSERT INTO items VALUES (21, 'second starts later')");
        second.commit();
        firstSql.execute("INSERT INTO items VALUES (22, 'first ends last')");
        first.commit();
      }

      List<ReceivedTransaction> txs = collector.next(2, WAIT);

      ReceivedTransaction second = txs.get(0);
      ReceivedTransaction first = txs.get(1);
      assertThat(second.all(Insert.class)).extracting(insert -> insert.newTuple().get(0).text())
          .containsExactly("21");
      assertThat(first.all(Insert.class)).extracting(insert -> insert.newTuple().get(0).text())
          .containsExactly("20", "22");
      assertThat(first.beginMessage().xid()).isLessThan(second.beginMessage().xid());
      // the later transaction's first change lies before the earlier one's: positions of changes
      // say nothing about visibility, only commits are ordered
      StreamedMessage firstChange = first.body().stream().filter(m -> m.message() instanceof Insert)
          .findFirst().orElseThrow();
      StreamedMessage secondChange = second.body().stream().filter(m -> m.message() instanceof Insert)
          .findFirst().orElseThrow();
      assertThat(firstChange.lsn()).isLessThan(secondChange.lsn());
      assertThat(first.begin().lsn()).isLessThan(second.commitMessage().commitLsn());
      assertThat(second.commitMessage().endLsn()).isLessThan(first.commitMessage().commitLsn());
    });
  }

  @Test
  void logicalMessagesComeInsideTheirTransactionOrAtOnce() throws Exception {
    onNewSlot(endpoint, "tx_message", PUBLICATION, options -> options.withLogicalMessages(true),
        (collector, stream) -> {
          try (Connection connection = server.connect(database); Statement statement = connection.createStatement()) {
            connection.setAutoCommit(false);
            statement.execute("INSERT INTO items VALUES (30, 'with message')");
            statement.execute("SELECT pg_logical_emit_message(true, 'cdc-wizard', 'in tx')");
            statement.execute("SELECT pg_logical_emit_message(false, 'cdc-wizard', 'at once')");
            connection.commit();
            statement.execute("SELECT pg_logical_emit_message(false, 'cdc-wizard', 'despite rollback')");
            statement.execute("SELECT pg_logical_emit_message(true, 'cdc-wizard', 'rolled back')");
            connection.rollback();
          }

          StreamedMessage atOnce = collector.nextOutsideTransaction(WAIT);
          ReceivedTransaction tx = collector.next(WAIT);
          StreamedMessage despiteRollback = collector.nextOutsideTransaction(WAIT);

          // the non-transactional message was written while the transaction was open, and sent at once
          assertThat(content(atOnce)).isEqualTo("at once");
          assertThat(((LogicalMessage) atOnce.message()).transactional()).isFalse();
          assertThat(tx.shape()).containsExactly("Relation", "Insert", "LogicalMessage");
          StreamedMessage inTx = tx.body().get(2);
          LogicalMessage message = (LogicalMessage) inTx.message();
          assertThat(message.transactional()).isTrue();
          assertThat(message.prefix()).isEqualTo("cdc-wizard");
          assertThat(content(inTx)).isEqualTo("in tx");
          assertThat(message.lsn()).isEqualTo(inTx.lsn());
          assertThat(content(despiteRollback)).isEqualTo("despite rollback");
          collector.expectNothingFor(Duration.ofMillis(500));
        });
  }

  @Test
  void aTransactionReplayedFromAnotherServerNamesItsOrigin() throws Exception {
    onNewSlot(endpoint, "tx_origin", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      try (Connection connection = server.connect(database); Statement statement = connection.createStatement()) {
        statement.execute("SELECT pg_replication_origin_create('upstream_a')");
        statement.execute("SELECT pg_replication_origin_session_setup('upstream_a')");
        connection.setAutoCommit(false);
        statement.execute("SELECT pg_replication_origin_xact_setup('0/ABCDEF', now())");
        statement.execute("INSERT INTO items VALUES (40, 'replayed')");
        connection.commit();
        connection.setAutoCommit(true);
        statement.execute("SELECT pg_replication_origin_session_reset()");
        statement.execute("SELECT pg_replication_origin_drop('upstream_a')");
      }

      ReceivedTransaction tx = collector.next(WAIT);

      assertThat(tx.shape()).containsExactly("Origin", "Relation", "Insert");
      assertThat(tx.only(Origin.class)).isEqualTo(new Origin(LogSequenceNumber.valueOf("0/ABCDEF"), "upstream_a"));
      // the Begin is written together with the Origin that follows it, so it carries no position
      assertThat(tx.begin().lsn()).isEqualTo(LogSequenceNumber.INVALID_LSN);
    });
  }

  private static String content(StreamedMessage message) {
    return new String(((LogicalMessage) message.message()).content(), StandardCharsets.UTF_8);
  }
}
