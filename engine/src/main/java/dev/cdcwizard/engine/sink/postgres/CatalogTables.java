package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.PrimaryKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads columns with their exact PostgreSQL types, NOT NULL and primary keys of a set of tables, the
 * source's and the target's alike, in two catalog queries. Tables that do not exist are absent.
 */
public final class CatalogTables {
  private static final String COLUMNS = """
      SELECT n.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
             CASE WHEN bn.nspname <> 'pg_catalog' THEN format_type(b.oid, NULL) END, b.typtype,
             CASE WHEN b.typtype = 'd' THEN format_type(b.typbasetype, b.typtypmod) END,
             pg_get_expr(d.adbin, d.adrelid), a.attgenerated = 's'
      FROM pg_attribute a
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN pg_type t ON t.oid = a.atttypid
      JOIN pg_type b ON b.oid = CASE WHEN t.typcategory = 'A' THEN t.typelem ELSE t.oid END
      JOIN pg_namespace bn ON bn.oid = b.typnamespace
      WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relkind IN ('r', 'p')
        AND (n.nspname, c.relname) IN (SELECT * FROM unnest(?::text[], ?::text[]))
      ORDER BY n.nspname, c.relname, a.attnum""";

  private CatalogTables() {}

  /** The tables of {@code tables} that exist, keyed by schema.table (no database). */
  public static Map<TableId, CatalogTable> read(Connection connection, Collection<TableId> tables)
      throws SQLException {
    List<TableId> ids = tables.stream().map(table -> TableId.of(table.schema(), table.table())).distinct().toList();
    Map<TableId, List<CatalogColumn>> columns = new LinkedHashMap<>();
    Map<TableId, List<String>> keys = new LinkedHashMap<>();
    String searchPath = searchPath(connection);
    try (Statement statement = connection.createStatement()) {
      // only pg_catalog visible: format_type then qualifies every other type with its schema
      statement.execute("SET search_path TO pg_catalog");
      try (PreparedStatement query = forTables(connection, COLUMNS, ids); ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          String userType = rs.getString(6);
          columns.computeIfAbsent(TableId.of(rs.getString(1), rs.getString(2)), id -> new ArrayList<>())
              .add(new CatalogColumn(rs.getString(3), rs.getString(4), rs.getBoolean(5), userType,
                  userType == null ? ' ' : rs.getString(7).charAt(0), rs.getString(8),
                  rs.getBoolean(10) ? null : CatalogColumn.literalOnly(rs.getString(9)),
                  rs.getBoolean(10) ? rs.getString(9) : null));
        }
      }
      PrimaryKeys.read(connection, names(ids)).forEach((name, key) -> keys.put(TableId.of(name.schema(), name.name()), key));
    } finally {
      try (PreparedStatement restore = connection.prepareStatement("SELECT set_config('search_path', ?, false)")) {
        restore.setString(1, searchPath);
        restore.execute();
      }
    }
    Map<TableId, CatalogTable> result = new LinkedHashMap<>();
    columns.forEach((id, list) -> result.put(id, new CatalogTable(list, keys.getOrDefault(id, List.of()))));
    return result;
  }

  private static String searchPath(Connection connection) throws SQLException {
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SHOW search_path")) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static PreparedStatement forTables(Connection connection, String sql, List<TableId> tables)
      throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql);
    PrimaryKeys.bindTables(connection, statement, 1, names(tables));
    return statement;
  }

  private static List<TableName> names(List<TableId> tables) {
    return tables.stream().map(TableId::postgresName).toList();
  }

}
