package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.PrimaryKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the columns of the tables to snapshot from pg_attribute and pg_type, in one query however many
 * tables. information_schema (which {@code job/SourceTables} reads for the Iceberg types) hides what
 * decoding needs: the base type's own name, enum-ness, array element types and domains' type modifiers.
 * Type names outside pg_catalog come schema-qualified, so that a user's enum named {@code int4} is never
 * decoded as the built-in type; such a shared name is flagged, since pgjdbc and Debezium then confuse the
 * two (seen: an int[] column streamed as {NULL,NULL}, the enum as NULL).
 */
public final class SnapshotColumns {
  private static final String COLUMNS = """
      WITH RECURSIVE columns AS (
        SELECT n.nspname AS schema_name, c.relname AS table_name, a.attnum, a.attname,
               format_type(a.atttypid, a.atttypmod) AS declared, a.atttypid AS declared_oid,
               a.atttypid AS type_oid, a.atttypmod AS typmod
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE a.attnum > 0 AND NOT a.attisdropped
          AND (n.nspname, c.relname) IN (SELECT * FROM unnest(?::text[], ?::text[]))
        UNION ALL
        SELECT col.schema_name, col.table_name, col.attnum, col.attname, col.declared, col.declared_oid,
               t.typbasetype, CASE WHEN col.typmod = -1 THEN t.typtypmod ELSE col.typmod END
        FROM columns col JOIN pg_type t ON t.oid = col.type_oid
        WHERE t.typtype = 'd'
      )
      SELECT col.schema_name, col.table_name, col.attname, col.declared,
             CASE WHEN tn.nspname = 'pg_catalog' THEN t.typname ELSE tn.nspname || '.' || t.typname END,
             t.typcategory, col.typmod,
             CASE WHEN e.typtype <> 'b' THEN NULL WHEN en.nspname = 'pg_catalog' THEN e.typname
                  ELSE en.nspname || '.' || e.typname END,
             t.typtype = 'e',
             EXISTS (SELECT 1 FROM pg_type other WHERE other.oid NOT IN (t.oid, col.declared_oid, coalesce(e.oid, 0))
                     AND other.typname IN (t.typname, (SELECT typname FROM pg_type WHERE oid = col.declared_oid),
                                           coalesce(e.typname, t.typname))),
             current_setting('server_version_num')::int
      FROM columns col
      JOIN pg_type t ON t.oid = col.type_oid
      JOIN pg_namespace tn ON tn.oid = t.typnamespace
      LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
      LEFT JOIN pg_namespace en ON en.oid = e.typnamespace
      WHERE t.typtype <> 'd'
      ORDER BY col.schema_name, col.table_name, col.attnum""";

  private SnapshotColumns() {}

  /**
   * The columns of each table in their ordinal order, keyed by the ids given (a table that does not
   * exist is missing from the map). The database part of an id is ignored: the connection decides it.
   */
  public static Map<TableId, List<PgColumn>> read(Connection connection, List<TableId> tables) throws SQLException {
    Map<List<String>, TableId> requested = new HashMap<>();
    tables.forEach(table -> requested.put(List.of(table.schema(), table.table()), table));
    Map<TableId, List<PgColumn>> columns = new LinkedHashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(COLUMNS)) {
      PrimaryKeys.bindTables(connection, statement, 1,
          tables.stream().map(TableId::postgresName).toList());
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          TableId table = requested.get(List.of(rs.getString(1), rs.getString(2)));
          columns.computeIfAbsent(table, id -> new ArrayList<>()).add(new PgColumn(rs.getString(3),
              rs.getString(4), rs.getString(5), rs.getString(6).charAt(0), rs.getInt(7), rs.getString(8),
              rs.getBoolean(9), rs.getBoolean(10), rs.getInt(11)));
        }
      }
    }
    return columns;
  }
}
