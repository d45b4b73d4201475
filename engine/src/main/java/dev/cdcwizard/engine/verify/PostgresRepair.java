package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Writes the source's rows over the differing rows of a PostgreSQL target table, in one transaction:
 * each differing or extra key deleted, each source row of a missing or differing key inserted again.
 * Values go as the text verify read them on the source, under the same settings, and PostgreSQL parses
 * each into its target column's type, so a repaired row reads equal. Run only while no job streams:
 * the pipeline resumes from its slot's confirmed position and replays every change since, as upserts
 * and deletes in the source's order, so every key ends at its source row.
 */
final class PostgresRepair {
  private static final int BATCH = 1_000;

  private PostgresRepair() {}

  /** @return the source rows written, and the target rows deleted whose keys the source lacks */
  static TargetSide.Repaired repair(Connection connection, TableId table, List<String> columns, int[] keyColumns,
      Collection<RowDifference> differences) throws SQLException {
    String qualified = table.sqlName();
    connection.setAutoCommit(false);
    try (Statement settings = connection.createStatement()) {
      settings.execute(PostgresTextRows.SETTINGS);
      List<Integer> written = writableColumns(connection, qualified, columns);
      String keyMatch = IntStream.of(keyColumns).mapToObj(i -> Identifiers.quote(columns.get(i)) + " = ?")
          .collect(Collectors.joining(" AND "));
      String insert = "INSERT INTO " + qualified + " (" + written.stream().map(i -> Identifiers.quote(columns.get(i)))
          .collect(Collectors.joining(", ")) + ") VALUES (" + "?, ".repeat(written.size() - 1) + "?)";
      long inserted = 0;
      try (PreparedStatement delete = connection.prepareStatement("DELETE FROM " + qualified + " WHERE " + keyMatch);
          PreparedStatement add = connection.prepareStatement(insert)) {
        int pending = 0;
        for (RowDifference difference : differences) {
          VerifiedRow keyRow = difference.target() != null ? difference.target() : difference.source();
          bind(delete, keyRow, IntStream.of(keyColumns).boxed().toList());
          delete.addBatch();
          if (difference.source() != null) {
            bind(add, difference.source(), written);
            add.addBatch();
            inserted++;
          }
          if (++pending == BATCH) {
            delete.executeBatch();
            add.executeBatch();
            pending = 0;
          }
        }
        delete.executeBatch();
        add.executeBatch();
      }
      connection.commit();
      return new TargetSide.Repaired(inserted, differences.stream()
          .filter(difference -> difference.kind() == RowDifference.Kind.EXTRA).count());
    } catch (SQLException e) {
      connection.rollback();
      throw e;
    }
  }

  /** A target's generated columns compute themselves; a column the target lacks cannot be written. */
  private static List<Integer> writableColumns(Connection connection, String qualified, List<String> columns)
      throws SQLException {
    List<String> writable = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement("SELECT attname FROM pg_attribute"
        + " WHERE attrelid = ?::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''")) {
      statement.setString(1, qualified);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          writable.add(rs.getString(1));
        }
      }
    }
    return IntStream.range(0, columns.size()).filter(i -> writable.contains(columns.get(i))).boxed().toList();
  }

  /** Untyped parameters: PostgreSQL reads each text as its column's type, as it would a literal. */
  private static void bind(PreparedStatement statement, VerifiedRow row, List<Integer> positions) throws SQLException {
    for (int i = 0; i < positions.size(); i++) {
      String value = row.values()[positions.get(i)];
      if (value == null) {
        statement.setNull(i + 1, Types.OTHER);
      } else {
        statement.setObject(i + 1, value, Types.OTHER);
      }
    }
  }

}
