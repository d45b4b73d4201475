package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The primary keys of a set of tables, in one catalog query however many tables, and the one way the
 * engine's catalog queries take a set of tables: two text arrays of schemas and names, matched pairwise
 * ({@code (nspname, relname) IN (SELECT * FROM unnest(?::text[], ?::text[]))}).
 */
public final class PrimaryKeys {
  private static final String PRIMARY_KEYS = """
      SELECT n.nspname, c.relname, a.attname
      FROM pg_index i
      JOIN pg_class c ON c.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
      WHERE i.indisprimary AND (n.nspname, c.relname) IN (SELECT * FROM unnest(?::text[], ?::text[]))
      ORDER BY n.nspname, c.relname, array_position(i.indkey::int2[], a.attnum)""";

  private PrimaryKeys() {}

  /** Each table's key columns in key order; a table without a primary key (or that does not exist) is absent. */
  public static Map<TableName, List<String>> read(Connection connection, Collection<TableName> tables)
      throws SQLException {
    Map<TableName, List<String>> keys = new LinkedHashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(PRIMARY_KEYS)) {
      bindTables(connection, statement, 1, tables);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          keys.computeIfAbsent(new TableName(rs.getString(1), rs.getString(2)), id -> new ArrayList<>())
              .add(rs.getString(3));
        }
      }
    }
    return keys;
  }

  /** Binds {@code tables} to parameters {@code first} (their schemas) and {@code first + 1} (their names). */
  public static void bindTables(Connection connection, PreparedStatement statement, int first,
      Collection<TableName> tables) throws SQLException {
    statement.setArray(first, connection.createArrayOf("text", tables.stream().map(TableName::schema).toArray()));
    statement.setArray(first + 1, connection.createArrayOf("text", tables.stream().map(TableName::name).toArray()));
  }
}
