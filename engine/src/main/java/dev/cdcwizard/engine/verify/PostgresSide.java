package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkConfig;
import dev.cdcwizard.engine.sink.postgres.TargetTableName;
import dev.cdcwizard.engine.snapshot.PgColumn;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A PostgreSQL target: both sides read as PostgreSQL's text of each value, the target in a REPEATABLE
 * READ transaction of its own per read, kept open until the verify ends.
 */
final class PostgresSide implements TargetSide {
  private static final int TIMEOUT_SECONDS = 30;

  /** A target table the pipeline has not created: no rows, folded as the source's rows are. */
  private static final TableRows NOT_CREATED_YET = new TableRows() {
    @Override
    public void scan(Consumer<VerifiedRow> rows) {}

    @Override
    public boolean foldsWhereItIs() {
      return true;
    }

    @Override
    public BucketDigests digests(int buckets, BitSet sample) {
      return new BucketDigests(buckets);
    }
  };

  private final PostgresEndpoint target;
  private final List<Connection> opened = new ArrayList<>();

  PostgresSide(SinkDefinition sink) {
    this.target = PostgresSinkConfig.target(sink);
  }

  @Override
  public String name(String routed) {
    return TargetTableName.parse(routed).toString();
  }

  @Override
  public Optional<UserMessage> cannotCompare(RecordShape shape, List<PgColumn> columns) {
    return Optional.empty();
  }

  @Override
  public TableRows source(SourceSnapshot snapshot, TableId table, RecordShape shape, List<PgColumn> columns)
      throws Exception {
    return new PostgresTextRows(snapshot.connection(), table, names(shape), SourceCopyRows.keyColumns(shape));
  }

  @Override
  public TableRows target(String routed, RecordShape shape) throws Exception {
    Connection connection = target.connect(TIMEOUT_SECONDS);
    opened.add(connection);
    connection.setAutoCommit(false);
    connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    connection.setReadOnly(true);
    TableId table = TargetTableName.parse(routed);
    if (!exists(connection, table)) {
      return NOT_CREATED_YET;
    }
    return new PostgresTextRows(connection, table, names(shape), SourceCopyRows.keyColumns(shape));
  }

  @Override
  public Repaired repair(TableRun run, SourceSnapshot snapshot, Collection<RowDifference> differences)
      throws Exception {
    try (Connection connection = target.connect(TIMEOUT_SECONDS)) {
      return PostgresRepair.repair(connection, TargetTableName.parse(run.routed), names(run.shape),
          SourceCopyRows.keyColumns(run.shape), differences);
    }
  }

  private static boolean exists(Connection connection, TableId table) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
      statement.setString(1, table.sqlName());
      try (ResultSet rs = statement.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  private static List<String> names(RecordShape shape) {
    return shape.columns().stream().map(RecordShape.Column::name).toList();
  }

  @Override
  public void close() throws Exception {
    for (Connection connection : opened) {
      connection.close();
    }
  }
}
