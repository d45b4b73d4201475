package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.sink.postgres.SnapshotCopies.TableCopy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.CopyOut;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies {@link CopySplit}s of the exported snapshot into PostgreSQL target tables: the source's text
 * {@code COPY ... TO STDOUT}, each row handed as it comes to the target's {@code COPY ... FROM STDIN},
 * nothing decoded. Each split is one transaction on both sides, so a failed split leaves none of its
 * rows; a snapshot that stops half-way is redone into emptied tables ({@code RunStart}). Rows copied
 * count into the snapshot's progress as the Iceberg path's do. One copier per thread.
 */
final class PostgresTargetCopier implements SplitCopier {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresTargetCopier.class);
  private static final int CONNECT_TIMEOUT_SECONDS = 30;

  private final PostgresEndpoint source;
  private final PostgresEndpoint target;
  private final String snapshotName;
  private final Map<TableId, SnapshotTable> tables;

  private volatile Connection reader;
  private volatile Connection writer;

  /** @param tables keyed by schema and table, as {@link CopySplits} names them, each with its copy */
  PostgresTargetCopier(PostgresEndpoint source, PostgresEndpoint target, String snapshotName,
      Map<TableId, SnapshotTable> tables) {
    this.source = source;
    this.target = target;
    this.snapshotName = snapshotName;
    this.tables = tables;
  }

  /** Copies one split into each of its target tables. */
  @Override
  public void copy(CopySplit split, LongAdder rows) throws SQLException {
    SnapshotTable table = tables.get(split.table());
    boolean done = false;
    try {
      for (TableId into : table.postgresCopy().targets()) {
        long count = copy(split, table.postgresCopy(), into, rows);
        LOG.debug("Copied {} rows of {} into {}", count, split, into);
      }
      done = true;
    } finally {
      if (!done) {
        // a COPY stopped half-way leaves its connection unusable for the next one
        closeConnections();
      }
    }
  }

  private long copy(CopySplit split, TableCopy copy, TableId into, LongAdder rows) throws SQLException {
    Connection from = reader();
    Connection to = writer();
    try (Statement statement = from.createStatement()) {
      statement.execute("SET TRANSACTION SNAPSHOT " + Identifiers.literal(snapshotName));
    }
    String columns = String.join(", ", copy.columns().stream().map(Identifiers::quote).toList());
    CopyOut rowsOut = from.unwrap(PGConnection.class).getCopyAPI().copyOut("COPY (SELECT " + columns
        + " FROM " + split.fromClause() + (split.whereClause() == null ? "" : " WHERE " + split.whereClause())
        + ") TO STDOUT");
    CopyMessages rowsIn = new CopyMessages(to.unwrap(PGConnection.class).getCopyAPI()
        .copyIn("COPY " + into.sqlName() + " (" + columns + ") FROM STDIN"));
    long count = 0;
    byte[] row;
    while ((row = rowsOut.readFromCopy()) != null) {
      rowsIn.write(row);
      count++;
      if ((count & 1023) == 0) {
        rows.add(1024L);
      }
    }
    rows.add(count & 1023);
    rowsIn.end();
    to.commit();
    from.commit();
    return count;
  }

  @Override
  public void cancel() {
    CopyCancellation.cancel(reader);
  }

  private Connection reader() throws SQLException {
    if (reader == null) {
      Connection opened = source.connect(CONNECT_TIMEOUT_SECONDS);
      opened.setAutoCommit(false);
      opened.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      reader = opened;
    }
    return reader;
  }

  private Connection writer() throws SQLException {
    if (writer == null) {
      Connection opened = target.connect(CONNECT_TIMEOUT_SECONDS);
      opened.setAutoCommit(false);
      writer = opened;
    }
    return writer;
  }

  private void closeConnections() {
    closeQuietly(reader);
    closeQuietly(writer);
    reader = null;
    writer = null;
  }

  private static void closeQuietly(Connection connection) {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        LOG.debug("Closing a snapshot copier's connection failed", e);
      }
    }
  }

  @Override
  public void close() {
    closeConnections();
  }

  /**
   * Rows handed to the target's {@code COPY ... FROM STDIN} in messages of up to 64 KiB: one message per row,
   * as they come from the source, cost the whole copy about 7% more.
   */
  private static final class CopyMessages {
    private static final int MESSAGE_BYTES = 64 * 1024;

    private final CopyIn copyIn;
    private final byte[] message = new byte[MESSAGE_BYTES];
    private int length;

    CopyMessages(CopyIn copyIn) {
      this.copyIn = copyIn;
    }

    void write(byte[] row) throws SQLException {
      if (length + row.length > message.length) {
        flush();
      }
      if (row.length > message.length) {
        copyIn.writeToCopy(row, 0, row.length);
      } else {
        System.arraycopy(row, 0, message, length, row.length);
        length += row.length;
      }
    }

    void end() throws SQLException {
      flush();
      copyIn.endCopy();
    }

    private void flush() throws SQLException {
      if (length > 0) {
        copyIn.writeToCopy(message, 0, length);
        length = 0;
      }
    }
  }
}
