package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.job.ChangeRecord;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies {@link CopySplit}s inside the snapshot the slot exported, each in a REPEATABLE READ
 * transaction of its own that imports it, and emits every row as a snapshot insert. All readers thus
 * see one image of the database, the one the slot streams on from.
 */
public final class CopyReader extends RichFlatMapFunction<CopySplit, ChangeRecord> {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(CopyReader.class);
  private static final int CONNECT_TIMEOUT_SECONDS = 30;

  private final PostgresEndpoint endpoint;
  private final String snapshotName;
  private final Map<TableId, SnapshotTable> tables;

  private transient Connection connection;
  private transient Map<TableId, RowDecoder> decoders;

  /** @param tables keyed by schema and table, as {@link CopySplits} names them */
  public CopyReader(PostgresEndpoint endpoint, String snapshotName, Map<TableId, SnapshotTable> tables) {
    this.endpoint = endpoint;
    this.snapshotName = snapshotName;
    this.tables = Map.copyOf(tables);
  }

  @Override
  public void open(OpenContext openContext) {
    decoders = new HashMap<>();
  }

  @Override
  public void flatMap(CopySplit split, Collector<ChangeRecord> out) throws Exception {
    SnapshotTable table = tables.get(split.table());
    RowDecoder decoder = decoders.computeIfAbsent(split.table(),
        id -> RowDecoder.of(table.columns(), table.shape()));
    String copy = CopyStatement.forTable(split.table(), decoder, split.whereClause());
    Connection reader = connection();
    boolean copied = false;
    try {
      importSnapshot(reader);
      long rows = 0;
      try (CopyBinaryReader rowsIn = new CopyBinaryReader(
          new PGCopyInputStream(reader.unwrap(PGConnection.class), copy))) {
        while (rowsIn.next()) {
          out.collect(new ChangeRecord(table.emitted(), RowKind.INSERT, true, table.shape(),
              decoder.decode(rowsIn)));
          rows++;
        }
      }
      reader.commit();
      copied = true;
      LOG.debug("Copied {} rows of {}", rows, split);
    } finally {
      if (!copied) {
        // a COPY stopped half-way leaves the connection unusable for the next one
        discardConnection();
      }
    }
  }

  private Connection connection() throws SQLException {
    if (connection == null) {
      connection = endpoint.connect(CONNECT_TIMEOUT_SECONDS);
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    }
    return connection;
  }

  private void importSnapshot(Connection reader) throws SQLException {
    try (Statement statement = reader.createStatement()) {
      statement.execute("SET TRANSACTION SNAPSHOT " + Identifiers.literal(snapshotName));
    }
  }

  private void discardConnection() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException e) {
        LOG.debug("Closing a snapshot reader's connection failed", e);
      }
      connection = null;
    }
  }

  @Override
  public void close() {
    discardConnection();
  }
}
