package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.pipeline.TableId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** Finds the oids of tables by name: the watches know a table by its oid, which a rename keeps. */
final class TableOids {
  private TableOids() {}

  /** @return table -> oid, for the tables that exist as {@code connection} sees them */
  static Map<TableId, Long> of(Connection connection, Collection<TableId> tables) throws SQLException {
    Map<TableId, Long> oids = new LinkedHashMap<>();
    try (PreparedStatement statement = connection.prepareStatement("SELECT to_regclass(?)::oid")) {
      for (TableId table : tables) {
        statement.setString(1, table.sqlName());
        try (ResultSet rs = statement.executeQuery()) {
          if (rs.next() && rs.getObject(1) != null) {
            oids.put(table, rs.getLong(1));
          }
        }
      }
    }
    return oids;
  }
}
