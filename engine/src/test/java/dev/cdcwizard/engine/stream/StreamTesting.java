package dev.cdcwizard.engine.stream;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.postgres.testing.Await;
import dev.cdcwizard.engine.postgres.testing.SharedPostgres;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.postgresql.replication.LogSequenceNumber;

/** Slots and values for the stream ITs. */
final class StreamTesting {
  static final Duration WAIT = Duration.ofSeconds(20);

  private StreamTesting() {}

  /** A new slot; its exported snapshot is let go at once. Returns the consistent point. */
  static LogSequenceNumber createSlot(PostgresEndpoint endpoint, String slot) throws Exception {
    try (ExportedSnapshotSlot created = ExportedSnapshotSlot.create(endpoint, slot, 60)) {
      return created.consistentPoint();
    }
  }

  /** What a test does with a stream on a slot of its own. */
  interface StreamBody {
    void run(StreamCollector collector, ReplicationStreamConnection stream) throws Exception;
  }

  /**
   * Creates the slot, streams it from its consistent point while the body runs, then drops it: slots
   * are server-wide and the shared server has few.
   */
  static void onNewSlot(PostgresEndpoint endpoint, String slot, String publication,
      UnaryOperator<ReplicationStreamOptions> tune, StreamBody body) throws Exception {
    LogSequenceNumber start = createSlot(endpoint, slot);
    try (ReplicationStreamConnection stream = ReplicationStreamConnection.open(endpoint,
        tune.apply(ReplicationStreamOptions.of(slot, publication, start)), 10)) {
      body.run(new StreamCollector(stream), stream);
    } finally {
      dropSlot(SharedPostgres.server(), endpoint.database(), slot);
    }
  }

  /** A closed replication connection's walsender takes a moment to let the slot go. */
  static void awaitInactive(EmbeddedPostgresServer server, String database, String slot) throws Exception {
    Await.until("slot " + slot + " is inactive", WAIT,
        () -> !"t".equals(slotColumn(server, database, slot, "active::text")));
  }

  static void dropSlot(EmbeddedPostgresServer server, String database, String slot) throws Exception {
    awaitInactive(server, database, slot);
    server.execute(database, "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots"
        + " WHERE slot_name = '" + slot + "'");
  }

  static LogSequenceNumber confirmedFlush(EmbeddedPostgresServer server, String database, String slot)
      throws Exception {
    return LogSequenceNumber.valueOf(slotColumn(server, database, slot, "confirmed_flush_lsn::text"));
  }

  /** Column values as text; null for NULL, "<unchanged>" for an unchanged TOAST value. */
  static List<String> texts(TupleData tuple) {
    List<String> texts = new ArrayList<>();
    for (ColumnValue value : tuple.values()) {
      texts.add(switch (value.kind()) {
        case NULL -> null;
        case UNCHANGED_TOAST -> "<unchanged>";
        case TEXT -> value.text();
        case BINARY -> "<binary>";
      });
    }
    return texts;
  }

  static String queryText(Connection connection, String sql) throws Exception {
    try (PreparedStatement statement = connection.prepareStatement(sql);
        ResultSet rs = statement.executeQuery()) {
      return rs.next() ? rs.getString(1) : null;
    }
  }

  private static String slotColumn(EmbeddedPostgresServer server, String database, String slot,
      String column) throws Exception {
    try (Connection connection = server.connect(database)) {
      return queryText(connection, "SELECT " + column + " FROM pg_replication_slots WHERE slot_name = '"
          + slot + "'");
    }
  }
}
