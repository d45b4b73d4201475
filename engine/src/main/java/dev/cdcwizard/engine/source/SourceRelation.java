package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.pipeline.TableId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * What a read of a captured table selects from. PostgreSQL publishes a table's own rows: those of tables that
 * INHERIT from it are another table's changes, and a plain SELECT would add them to a copy that streaming then
 * never updates. A partitioned table holds no rows of its own, and is published through its partitions' rows.
 */
public final class SourceRelation {
  private static final String KIND = "SELECT relkind FROM pg_class WHERE oid = to_regclass(?)";

  private SourceRelation() {}

  /** {@code ONLY schema.table}, or the partitioned table's name. */
  public static String fromClause(Connection connection, TableId table) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(KIND)) {
      statement.setString(1, table.sqlName());
      try (ResultSet rs = statement.executeQuery()) {
        return fromClause(table, rs.next() && "p".equals(rs.getString(1)));
      }
    }
  }

  public static String fromClause(TableId table, boolean partitioned) {
    return (partitioned ? "" : "ONLY ") + table.sqlName();
  }
}
