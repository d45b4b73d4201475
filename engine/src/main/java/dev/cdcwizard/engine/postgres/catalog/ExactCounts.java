package dev.cdcwizard.engine.postgres.catalog;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Small tables counted exactly, in one query: the planner's statistics are those of the last ANALYZE
 * and the statistics collector's lag by seconds, so a table of a few hundred rows changed since showed
 * rows it does not hold, and a copy's progress ended above or below 100%. Only tables of at most
 * {@link #MAX_TABLE_BYTES} that the role may read, smallest first, at most {@link #MAX_TABLES} of them and
 * {@link #MAX_TOTAL_BYTES} together, so a database of 10,000 tables still lists in about a second; a table
 * locked by an ALTER keeps its estimate rather than making the list wait.
 */
final class ExactCounts {
  private static final Logger LOG = LoggerFactory.getLogger(ExactCounts.class);
  static final long MAX_TABLE_BYTES = 8L << 20;
  static final long MAX_TOTAL_BYTES = 64L << 20;
  static final int MAX_TABLES = 200;

  private ExactCounts() {}

  static List<TableInfo> apply(Connection connection, List<TableInfo> tables) {
    List<TableInfo> small = smallest(tables);
    if (small.isEmpty()) {
      return tables;
    }
    boolean autoCommit = true;
    try {
      autoCommit = connection.getAutoCommit();
      connection.setAutoCommit(false);
      Map<TableInfo, Long> counts = count(connection, readable(connection, small));
      connection.commit();
      return tables.stream().map(table -> counts.containsKey(table)
          ? table.withTotals(counts.get(table), table.estimatedSizeBytes()) : table).toList();
    } catch (SQLException e) {
      LOG.debug("Small tables not counted exactly, their estimates kept: {}", e.getMessage());
      rollbackQuietly(connection);
      return tables;
    } finally {
      try {
        connection.setAutoCommit(autoCommit);
      } catch (SQLException e) {
        LOG.debug("Could not restore autocommit: {}", e.getMessage());
      }
    }
  }

  private static List<TableInfo> smallest(List<TableInfo> tables) {
    List<TableInfo> small = new ArrayList<>();
    long total = 0;
    List<TableInfo> candidates = tables.stream()
        .filter(table -> table.kind() != TableKind.PARTITIONED_TABLE && table.estimatedSizeBytes() <= MAX_TABLE_BYTES)
        .sorted(Comparator.comparingLong(TableInfo::estimatedSizeBytes)).toList();
    for (TableInfo table : candidates) {
      if (small.size() == MAX_TABLES || total + table.estimatedSizeBytes() > MAX_TOTAL_BYTES) {
        break;
      }
      small.add(table);
      total += table.estimatedSizeBytes();
    }
    return small;
  }

  private static List<TableInfo> readable(Connection connection, List<TableInfo> tables) throws SQLException {
    Set<String> readable = new HashSet<>();
    Array names = connection.createArrayOf("text", tables.stream().map(table -> table.name().quoted()).toArray());
    try (PreparedStatement statement = connection.prepareStatement(
        "SELECT n FROM unnest(?::text[]) n WHERE has_table_privilege(n, 'SELECT')")) {
      statement.setArray(1, names);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          readable.add(rs.getString(1));
        }
      }
    }
    return tables.stream().filter(table -> readable.contains(table.name().quoted())).toList();
  }

  private static Map<TableInfo, Long> count(Connection connection, List<TableInfo> tables) throws SQLException {
    Map<TableInfo, Long> counts = new HashMap<>();
    if (tables.isEmpty()) {
      return counts;
    }
    StringBuilder sql = new StringBuilder();
    for (int i = 0; i < tables.size(); i++) {
      sql.append(i == 0 ? "" : " UNION ALL ").append("SELECT ").append(i)
          .append(", count(*) FROM ONLY ").append(tables.get(i).name().quoted());
    }
    try (Statement statement = connection.createStatement()) {
      statement.execute("SET LOCAL lock_timeout = '200ms'");
      statement.execute("SET LOCAL statement_timeout = '5s'");
      try (ResultSet rs = statement.executeQuery(sql.toString())) {
        while (rs.next()) {
          counts.put(tables.get(rs.getInt(1)), rs.getLong(2));
        }
      }
    }
    return counts;
  }

  private static void rollbackQuietly(Connection connection) {
    try {
      connection.rollback();
    } catch (SQLException e) {
      LOG.debug("Rollback failed: {}", e.getMessage());
    }
  }
}
