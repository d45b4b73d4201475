package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A PostgreSQL table, source or target, read as PostgreSQL's text of each value on a transaction that
 * fixed the settings the text depends on, so the same value reads the same on both servers. A column
 * the table lacks reads as NULL.
 */
final class PostgresTextRows implements TableRows {
  private static final int FETCH_SIZE = 10_000;
  static final String SETTINGS = "SET LOCAL TimeZone TO 'UTC'; SET LOCAL DateStyle TO 'ISO, YMD';"
      + " SET LOCAL IntervalStyle TO 'postgres'; SET LOCAL extra_float_digits TO 3; SET LOCAL bytea_output TO 'hex'";

  private final Connection transaction;
  private final TableId table;
  private final List<String> columns;
  private final int[] keyColumns;
  private String query;

  /** @param transaction a REPEATABLE READ transaction, not in autocommit, that every scan reads in */
  PostgresTextRows(Connection transaction, TableId table, List<String> columns, int[] keyColumns) throws SQLException {
    this.transaction = transaction;
    this.table = table;
    this.columns = columns;
    this.keyColumns = keyColumns;
    try (Statement statement = transaction.createStatement()) {
      statement.execute(SETTINGS);
    }
  }

  @Override
  public void scan(Consumer<VerifiedRow> rows) throws SQLException {
    if (query == null) {
      query = query();
    }
    try (Statement statement = transaction.createStatement()) {
      statement.setFetchSize(FETCH_SIZE);
      try (ResultSet rs = statement.executeQuery(query)) {
        while (rs.next()) {
          String[] values = new String[columns.size()];
          for (int i = 0; i < values.length; i++) {
            values[i] = rs.getString(i + 1);
          }
          rows.accept(VerifiedRow.of(values, keyColumns));
        }
      }
    }
  }

  /** Read once: the transaction's snapshot fixes the table's columns too. */
  private String query() throws SQLException {
    String qualified = Identifiers.quote(table.schema()) + "." + Identifiers.quote(table.table());
    Set<String> present = presentColumns(qualified);
    List<String> select = new ArrayList<>();
    for (String column : columns) {
      select.add(present.contains(column) ? Identifiers.quote(column) + "::text" : "NULL::text");
    }
    return "SELECT " + String.join(", ", select) + " FROM " + qualified;
  }

  private Set<String> presentColumns(String qualified) throws SQLException {
    try (Statement statement = transaction.createStatement();
        ResultSet rs = statement.executeQuery("SELECT * FROM " + qualified + " LIMIT 0")) {
      Set<String> names = new HashSet<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        names.add(rs.getMetaData().getColumnName(i));
      }
      return names;
    }
  }
}
