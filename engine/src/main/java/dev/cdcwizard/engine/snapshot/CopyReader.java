package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.record.ChangeRecord;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import org.apache.flink.types.RowKind;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies {@link CopySplit}s inside the snapshot the slot exported, each in a REPEATABLE READ
 * transaction of its own that imports it, and hands on every row as a snapshot insert. All readers
 * thus see one image of the database, the one the slot streams on from. One reader per thread.
 */
final class CopyReader implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CopyReader.class);
  private static final int CONNECT_TIMEOUT_SECONDS = 30;

  private final PostgresEndpoint endpoint;
  private final String snapshotName;
  private final Map<TableId, SnapshotTable> tables;
  private final Map<TableId, RowDecoder> decoders = new HashMap<>();
  private volatile Connection connection;

  /** @param tables keyed by schema and table, as {@link CopySplits} names them */
  CopyReader(PostgresEndpoint endpoint, String snapshotName, Map<TableId, SnapshotTable> tables) {
    this.endpoint = endpoint;
    this.snapshotName = snapshotName;
    this.tables = tables;
  }

  /** Copies one split, counting its rows into {@code copied} as they come. */
  void copy(CopySplit split, Consumer<ChangeRecord> out, LongAdder copied) throws Exception {
    SnapshotTable table = tables.get(split.table());
    RowDecoder decoder = decoders.computeIfAbsent(split.table(),
        id -> RowDecoder.of(table.columns(), table.shape()));
    String copy = CopyStatement.forTable(split.fromClause(), decoder, split.whereClause());
    Connection reader = connection();
    boolean done = false;
    try {
      importSnapshot(reader);
      long rows = 0;
      try (CopyBinaryReader rowsIn = new CopyBinaryReader(
          new PGCopyInputStream(reader.unwrap(PGConnection.class), copy))) {
        while (rowsIn.next()) {
          out.accept(new ChangeRecord(table.emitted(), RowKind.INSERT, true, table.shape(),
              decoder.decode(rowsIn)));
          if ((++rows & 1023) == 0) {
            copied.add(1024);
          }
        }
      }
      copied.add(rows & 1023);
      reader.commit();
      done = true;
      LOG.debug("Copied {} rows of {}", rows, split);
    } finally {
      if (!done) {
        // a COPY stopped half-way leaves the connection unusable for the next one
        close();
      }
    }
  }

  /** Stops the COPY under way, from another thread: it then fails in its own. */
  void cancel() {
    CopyCancellation.cancel(connection);
  }

  private Connection connection() throws SQLException {
    if (connection == null) {
      Connection opened = endpoint.connect(CONNECT_TIMEOUT_SECONDS);
      opened.setAutoCommit(false);
      opened.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      connection = opened;
    }
    return connection;
  }

  private void importSnapshot(Connection reader) throws SQLException {
    try (Statement statement = reader.createStatement()) {
      statement.execute("SET TRANSACTION SNAPSHOT " + Identifiers.literal(snapshotName));
    }
  }

  @Override
  public void close() {
    Connection current = connection;
    connection = null;
    if (current != null) {
      try {
        current.close();
      } catch (SQLException e) {
        LOG.debug("Closing a snapshot reader's connection failed", e);
      }
    }
  }
}
