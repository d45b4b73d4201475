package dev.cdcwizard.engine.stream;

import static dev.cdcwizard.engine.stream.StreamTesting.WAIT;
import static dev.cdcwizard.engine.stream.StreamTesting.onNewSlot;
import static dev.cdcwizard.engine.stream.StreamTesting.queryText;
import static dev.cdcwizard.engine.stream.StreamTesting.texts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import dev.cdcwizard.engine.stream.PgOutputMessage.Delete;
import dev.cdcwizard.engine.stream.PgOutputMessage.Insert;
import dev.cdcwizard.engine.stream.PgOutputMessage.Relation;
import dev.cdcwizard.engine.stream.PgOutputMessage.Truncate;
import dev.cdcwizard.engine.stream.PgOutputMessage.Type;
import dev.cdcwizard.engine.stream.PgOutputMessage.Update;
import java.sql.Connection;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.replication.LogSequenceNumber;

/** What pgoutput sends for each kind of change, decoded, on a real server. */
class PgOutputStreamIT {
  private static final String PUBLICATION = "Stream Pub";
  private static EmbeddedPostgresServer server;
  private static String database;
  private static PostgresEndpoint endpoint;

  @BeforeAll
  static void createTables() throws Exception {
    server = SharedPostgres.server();
    database = SharedPostgres.newDatabase("pgoutput");
    endpoint = SharedPostgres.endpoint(database);
    server.execute(database,
        "CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy')",
        "CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, note text)",
        "CREATE TABLE audit (id int PRIMARY KEY, name text, amount numeric(10,2))",
        "ALTER TABLE audit REPLICA IDENTITY FULL",
        "CREATE TABLE docs (id int PRIMARY KEY, title text, body text, data bytea, meta jsonb)",
        "CREATE TABLE docs_full (id int PRIMARY KEY, title text, body text, data bytea, meta jsonb)",
        "ALTER TABLE docs_full REPLICA IDENTITY FULL",
        "CREATE TABLE moods (id int PRIMARY KEY, feeling mood)",
        "CREATE TABLE evolving (id int PRIMARY KEY, a text)",
        "CREATE PUBLICATION \"" + PUBLICATION + "\" FOR TABLE customers, audit, docs, docs_full, moods, evolving");
  }

  @Test
  void insertsComeAfterTheirTablesRelationWithValuesAsText() throws Exception {
    onNewSlot(endpoint, "pgo_insert", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      server.execute(database, "INSERT INTO customers VALUES (1, 'Zoë 中文', NULL), (2, 'it''s', '')");

      ReceivedTransaction tx = collector.next(WAIT);

      assertThat(tx.shape()).containsExactly("Relation", "Insert", "Insert");
      Relation relation = tx.only(Relation.class);
      assertThat(relation.relationOid()).isEqualTo(oid("'customers'::regclass"));
      assertThat(relation.namespace()).isEqualTo("public");
      assertThat(relation.name()).isEqualTo("customers");
      assertThat(relation.replicaIdentity()).isEqualTo(ReplicaIdentity.DEFAULT);
      assertThat(relation.columns()).containsExactly(new Relation.Column(1, "id", 23, -1),
          new Relation.Column(0, "name", 25, -1), new Relation.Column(0, "note", 25, -1));
      assertThat(tx.all(Insert.class)).extracting(insert -> texts(insert.newTuple()))
          .containsExactly(Arrays.asList("1", "Zoë 中文", null), List.of("2", "it's", ""));
      assertThat(tx.all(Insert.class)).allMatch(insert -> insert.relationOid() == relation.relationOid());

      assertThat(tx.beginMessage().xid()).isPositive();
      assertThat(tx.beginMessage().commitTime()).isCloseTo(Instant.now(), within(1, ChronoUnit.MINUTES));
      assertThat(tx.commitMessage().commitTime()).isEqualTo(tx.beginMessage().commitTime());
      // the XLogData positions: Begin at the first record, changes in between, Commit at the end
      assertThat(tx.commit().lsn()).isEqualTo(tx.commitMessage().endLsn());
      assertThat(tx.begin().lsn()).isLessThanOrEqualTo(tx.body().get(1).lsn());
      assertThat(tx.body().get(1).lsn()).isLessThan(tx.body().get(2).lsn());
      assertThat(tx.body().get(2).lsn()).isLessThan(tx.commitMessage().commitLsn());
      // written ahead of the change in the same callback: the walsender sends no position for it
      assertThat(tx.body().get(0).lsn()).isEqualTo(LogSequenceNumber.INVALID_LSN);
    });
  }

  @Test
  void updatesAndDeletesCarryTheOldRowAsTheReplicaIdentitySays() throws Exception {
    onNewSlot(endpoint, "pgo_update", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      server.execute(database,
          "INSERT INTO customers VALUES (10, 'a', 'n')",
          "INSERT INTO audit VALUES (10, 'x', 1.5)",
          "UPDATE customers SET name = 'b' WHERE id = 10",
          "UPDATE customers SET id = 11 WHERE id = 10",
          "UPDATE audit SET amount = 2.25 WHERE id = 10",
          "DELETE FROM customers WHERE id = 11",
          "DELETE FROM audit WHERE id = 10");

      List<ReceivedTransaction> txs = collector.next(7, WAIT);

      Relation audit = txs.get(1).only(Relation.class);
      assertThat(audit.replicaIdentity()).isEqualTo(ReplicaIdentity.FULL);
      assertThat(audit.columns()).allMatch(Relation.Column::isKey);
      assertThat(audit.columns().get(2).typeModifier()).isEqualTo((10 << 16 | 2) + 4);

      Update nameChanged = txs.get(2).only(Update.class);
      assertThat(nameChanged.oldTuple()).isNull();
      assertThat(texts(nameChanged.newTuple())).containsExactly("10", "b", "n");

      Update keyChanged = txs.get(3).only(Update.class);
      assertThat(keyChanged.oldTuple().kind()).isEqualTo(OldTuple.Kind.KEY);
      assertThat(texts(keyChanged.oldTuple().tuple())).containsExactly("10", null, null);
      assertThat(texts(keyChanged.newTuple())).containsExactly("11", "b", "n");

      Update full = txs.get(4).only(Update.class);
      assertThat(full.oldTuple().kind()).isEqualTo(OldTuple.Kind.OLD_ROW);
      assertThat(texts(full.oldTuple().tuple())).containsExactly("10", "x", "1.50");
      assertThat(texts(full.newTuple())).containsExactly("10", "x", "2.25");

      Delete byKey = txs.get(5).only(Delete.class);
      assertThat(byKey.oldTuple().kind()).isEqualTo(OldTuple.Kind.KEY);
      assertThat(texts(byKey.oldTuple().tuple())).containsExactly("11", null, null);

      Delete wholeRow = txs.get(6).only(Delete.class);
      assertThat(wholeRow.oldTuple().kind()).isEqualTo(OldTuple.Kind.OLD_ROW);
      assertThat(texts(wholeRow.oldTuple().tuple())).containsExactly("10", "x", "2.25");
    });
  }

  @Test
  void largeValuesLeftUnchangedByAnUpdateAreNotSent() throws Exception {
    String big = "(SELECT string_agg(md5(g::text), '') AS b FROM generate_series(1, 2000) g) big";
    onNewSlot(endpoint, "pgo_toast", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      server.execute(database,
          "INSERT INTO docs SELECT 1, 't', b, decode(b, 'hex'), jsonb_build_object('k', b) FROM " + big,
          "INSERT INTO docs_full SELECT 1, 't', b, decode(b, 'hex'), jsonb_build_object('k', b) FROM " + big,
          "UPDATE docs SET title = 't2' WHERE id = 1",
          "UPDATE docs_full SET title = 't2' WHERE id = 1",
          "UPDATE docs SET body = 'short' WHERE id = 1");
      String expected;
      try (Connection connection = server.connect(database)) {
        expected = queryText(connection, "SELECT b FROM " + big);
      }

      List<ReceivedTransaction> txs = collector.next(5, WAIT);

      List<String> inserted = texts(txs.get(0).only(Insert.class).newTuple());
      assertThat(inserted.get(2)).hasSize(64_000).isEqualTo(expected);
      assertThat(inserted.get(3)).isEqualTo("\\x" + expected);
      assertThat(inserted.get(4)).isEqualTo("{\"k\": \"" + expected + "\"}");

      Update underDefault = txs.get(2).only(Update.class);
      assertThat(underDefault.oldTuple()).isNull();
      assertThat(texts(underDefault.newTuple()))
          .containsExactly("1", "t2", "<unchanged>", "<unchanged>", "<unchanged>");

      // FULL: the old row comes whole, yet the new row still leaves the unchanged values out
      Update underFull = txs.get(3).only(Update.class);
      assertThat(underFull.oldTuple().kind()).isEqualTo(OldTuple.Kind.OLD_ROW);
      assertThat(texts(underFull.oldTuple().tuple())).containsExactly("1", "t", expected, "\\x" + expected,
          "{\"k\": \"" + expected + "\"}");
      assertThat(texts(underFull.newTuple()))
          .containsExactly("1", "t2", "<unchanged>", "<unchanged>", "<unchanged>");

      Update bodyChanged = txs.get(4).only(Update.class);
      assertThat(texts(bodyChanged.newTuple()))
          .containsExactly("1", "t2", "short", "<unchanged>", "<unchanged>");
    });
  }

  @Test
  void truncateNamesEveryPublishedTableItEmptied() throws Exception {
    onNewSlot(endpoint, "pgo_truncate", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      server.execute(database,
          "TRUNCATE customers, audit RESTART IDENTITY",
          "TRUNCATE moods CASCADE");

      List<ReceivedTransaction> txs = collector.next(2, WAIT);

      Truncate both = txs.get(0).only(Truncate.class);
      assertThat(both.relationOids()).containsExactlyInAnyOrder(oid("'customers'::regclass"),
          oid("'audit'::regclass"));
      assertThat(both.restartIdentity()).isTrue();
      assertThat(both.cascade()).isFalse();
      Truncate cascade = txs.get(1).only(Truncate.class);
      assertThat(cascade.relationOids()).containsExactly(oid("'moods'::regclass"));
      assertThat(cascade.cascade()).isTrue();
      assertThat(cascade.restartIdentity()).isFalse();
    });
  }

  @Test
  void anAddedColumnSendsANewRelationBeforeTheNextRow() throws Exception {
    onNewSlot(endpoint, "pgo_alter", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      server.execute(database,
          "INSERT INTO evolving VALUES (100, 'a')",
          "ALTER TABLE evolving ADD COLUMN b int DEFAULT 7",
          "INSERT INTO evolving VALUES (101, 'b', 8)",
          "UPDATE evolving SET a = 'c' WHERE id = 100");

      List<ReceivedTransaction> txs = collector.next(3, WAIT);

      assertThat(txs.get(0).only(Relation.class).columns()).extracting(Relation.Column::name)
          .containsExactly("id", "a");
      assertThat(txs.get(1).shape()).containsExactly("Relation", "Insert");
      assertThat(txs.get(1).only(Relation.class).columns()).extracting(Relation.Column::name)
          .containsExactly("id", "a", "b");
      assertThat(texts(txs.get(1).only(Insert.class).newTuple())).containsExactly("101", "b", "8");
      assertThat(txs.get(2).shape()).containsExactly("Update");
      assertThat(texts(txs.get(2).only(Update.class).newTuple())).containsExactly("100", "c", "7");
    });
  }

  @Test
  void aTypeThatIsNotBuiltInIsDescribedBeforeTheRelation() throws Exception {
    onNewSlot(endpoint, "pgo_type", PUBLICATION, UnaryOperator.identity(), (collector, stream) -> {
      server.execute(database, "INSERT INTO moods VALUES (1, 'happy')");

      ReceivedTransaction tx = collector.next(WAIT);

      assertThat(tx.shape()).containsExactly("Type", "Relation", "Insert");
      long moodOid = oid("'mood'::regtype");
      assertThat(tx.only(Type.class)).isEqualTo(new Type(moodOid, "public", "mood"));
      assertThat(tx.only(Relation.class).columns().get(1).typeOid()).isEqualTo(moodOid);
      assertThat(texts(tx.only(Insert.class).newTuple())).containsExactly("1", "happy");
    });
  }

  private static long oid(String expression) throws Exception {
    try (Connection connection = server.connect(database)) {
      return Long.parseLong(queryText(connection, "SELECT " + expression + "::oid::text"));
    }
  }
}
