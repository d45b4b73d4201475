package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * The one reader of columns from PostgreSQL's catalog: a single query, however many tables, gives every
 * fact a consumer needs ({@link ColumnFacts}). Domains are resolved to their base type with its type
 * modifier in force, which information_schema hides.
 */
public final class CatalogColumns {
  static final String USER_SCHEMA = "n.nspname NOT IN ('pg_catalog', 'information_schema')"
      + " AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp\\_%'";

  /**
   * Tables and partitioned tables of user schemas. The first parameter says "all of them"; otherwise the
   * two text arrays list schemas and names pairwise, and the oid array lists tables by oid.
   */
  static final String TABLE_FILTER = "c.relkind IN ('r', 'p') AND " + USER_SCHEMA
      + " AND (?::boolean OR (n.nspname, c.relname) IN (SELECT * FROM unnest(?::text[], ?::text[]))"
      + " OR c.oid = ANY (?::oid[]))";

  private static final String QUALIFIED = "CASE WHEN %1$sn.nspname = 'pg_catalog' THEN %1$s.typname"
      + " ELSE %1$sn.nspname || '.' || %1$s.typname END";

  /**
   * {@code format_type}'s text of a type ({@code %3$s}) with its schema ({@code %2$s}) in front whenever the
   * type ({@code %1$s}: itself, or its element for an array) lives outside pg_catalog: format_type leaves
   * the schema out for a type the session's search path finds.
   */
  private static final String ALWAYS_QUALIFIED = "CASE WHEN %2$s <> 'pg_catalog' AND pg_type_is_visible(%1$s)"
      + " THEN quote_ident(%2$s) || '.' || %3$s ELSE %3$s END";

  /**
   * The recursive part resolves domains; every column of pg_attribute and pg_class the result needs is
   * carried through it, so that the 40,000 columns of 10,000 tables are not looked up again (that doubled
   * the listing's time, docs/benchmarks/catalog.md). Rows come unsorted: sorting them in PostgreSQL
   * spilled to disk.
   */
  private static final String COLUMNS_TEMPLATE = """
      WITH RECURSIVE columns AS (
        SELECT c.oid AS table_oid, n.nspname, c.relname, a.attnum, a.attname, a.atttypid, a.atttypmod,
               a.attnotnull, a.attlen = -1 AND a.attstorage <> 'p' AND (c.reltoastrelid <> 0 OR c.relkind = 'p')
                 AS toastable,
               %s AS generated, a.xmin::text::bigint AS catalog_xmin,
               a.atttypid AS type_oid, a.atttypmod AS typmod
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE a.attnum > 0 AND NOT a.attisdropped AND %s
        UNION ALL
        SELECT col.table_oid, col.nspname, col.relname, col.attnum, col.attname, col.atttypid, col.atttypmod,
               col.attnotnull, col.toastable, col.generated, col.catalog_xmin,
               t.typbasetype, CASE WHEN col.typmod = -1 THEN t.typtypmod ELSE col.typmod END
        FROM columns col JOIN pg_type t ON t.oid = col.type_oid
        WHERE t.typtype = 'd'
      )
      SELECT col.table_oid, col.nspname, col.relname, col.attname, %s, format_type(col.atttypid, col.atttypmod),
             dt.typname, dt.typcategory, %s, t.typcategory, col.typmod,
             CASE WHEN e.typtype <> 'b' THEN NULL ELSE %s END,
             t.typtype = 'e',
             EXISTS (SELECT 1 FROM pg_type other WHERE other.oid NOT IN (t.oid, dt.oid, coalesce(e.oid, 0))
                     AND other.typname IN (t.typname, dt.typname, coalesce(e.typname, t.typname))),
             col.attnotnull, dt.typtype = 'd' AND dt.typnotnull,
             coalesce(array_position(pk.indkey::int2[], col.attnum) - array_lower(pk.indkey::int2[], 1) + 1, 0),
             col.toastable, col.generated, pg_get_expr(d.adbin, d.adrelid),
             CASE WHEN bn.nspname <> 'pg_catalog' THEN %s END, b.typtype,
             CASE WHEN b.typtype = 'd' THEN %s END,
             col.catalog_xmin, current_setting('server_version_num')::int, col.attnum
      FROM columns col
      JOIN pg_type dt ON dt.oid = col.atttypid
      JOIN pg_type t ON t.oid = col.type_oid
      JOIN pg_namespace tn ON tn.oid = t.typnamespace
      LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
      LEFT JOIN pg_namespace en ON en.oid = e.typnamespace
      LEFT JOIN pg_type b ON b.oid = CASE WHEN dt.typcategory = 'A' AND dt.typelem <> 0 THEN dt.typelem ELSE dt.oid END
      LEFT JOIN pg_namespace bn ON bn.oid = b.typnamespace
      LEFT JOIN pg_type db ON db.oid = b.typbasetype AND b.typtype = 'd'
      LEFT JOIN pg_type dbe ON dbe.oid = CASE WHEN db.typcategory = 'A' AND db.typelem <> 0 THEN db.typelem ELSE db.oid END
      LEFT JOIN pg_namespace dbn ON dbn.oid = dbe.typnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = col.table_oid AND d.adnum = col.attnum
      LEFT JOIN pg_index pk ON pk.indrelid = col.table_oid AND pk.indisprimary
      WHERE t.typtype <> 'd'""";

  /** Generated columns came with PostgreSQL 12, and pg_attribute.attgenerated with them. */
  private static final String COLUMNS = columns("a.attgenerated = 's'");
  private static final String COLUMNS_BEFORE_12 = columns("false");

  private static final Comparator<ColumnFacts> IN_TABLE_ORDER = Comparator
      .comparing((ColumnFacts column) -> column.table().schema()).thenComparing(column -> column.table().name())
      .thenComparingInt(ColumnFacts::position);

  private CatalogColumns() {}

  private static String columns(String generated) {
    return COLUMNS_TEMPLATE.formatted(generated, TABLE_FILTER,
        ALWAYS_QUALIFIED.formatted("b.oid", "bn.nspname", "format_type(col.atttypid, col.atttypmod)"),
        QUALIFIED.formatted("t"), QUALIFIED.formatted("e"),
        ALWAYS_QUALIFIED.formatted("b.oid", "bn.nspname", "format_type(b.oid, NULL)"),
        ALWAYS_QUALIFIED.formatted("dbe.oid", "dbn.nspname", "format_type(b.typbasetype, b.typtypmod)"));
  }

  /** The columns of every table of every user schema, table by table (by schema and name), each in column order. */
  public static List<ColumnFacts> ofAllTables(Connection connection) throws SQLException {
    return read(connection, true, List.of(), List.of());
  }

  /** The columns of the tables named; the database part of a name is the connection's. */
  public static List<ColumnFacts> of(Connection connection, Collection<TableName> tables) throws SQLException {
    return read(connection, false, tables, List.of());
  }

  /** The columns of the tables with these oids. */
  public static List<ColumnFacts> ofOids(Connection connection, Collection<Long> oids) throws SQLException {
    return read(connection, false, List.of(), oids);
  }

  /**
   * Binds the table filter's parameters, starting at {@code first}: all tables, or those named, or those
   * with the oids given.
   */
  static void bindFilter(Connection connection, PreparedStatement statement, int first, boolean all,
      Collection<TableName> tables, Collection<Long> oids) throws SQLException {
    statement.setBoolean(first, all);
    TableArrays.bind(connection, statement, first + 1, tables);
    statement.setArray(first + 3, connection.createArrayOf("bigint", oids.toArray()));
  }

  private static List<ColumnFacts> read(Connection connection, boolean all, Collection<TableName> tables,
      Collection<Long> oids) throws SQLException {
    List<ColumnFacts> columns = new ArrayList<>();
    String sql = connection.getMetaData().getDatabaseMajorVersion() >= 12 ? COLUMNS : COLUMNS_BEFORE_12;
    try (PreparedStatement query = connection.prepareStatement(sql)) {
      bindFilter(connection, query, 1, all, tables, oids);
      try (ResultSet rs = query.executeQuery()) {
        while (rs.next()) {
          columns.add(facts(rs));
        }
      }
    }
    columns.sort(IN_TABLE_ORDER);
    return columns;
  }

  private static ColumnFacts facts(ResultSet rs) throws SQLException {
    boolean generated = rs.getBoolean(19);
    String userType = rs.getString(21);
    return new ColumnFacts(rs.getLong(1), new TableName(rs.getString(2), rs.getString(3)), rs.getString(4),
        rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8).charAt(0), rs.getString(9),
        rs.getString(10).charAt(0), rs.getInt(11), rs.getString(12), rs.getBoolean(13), rs.getBoolean(14),
        rs.getBoolean(15), rs.getBoolean(16), rs.getInt(17), rs.getBoolean(18),
        generated ? null : rs.getString(20), generated ? rs.getString(20) : null, userType,
        userType == null ? ' ' : rs.getString(22).charAt(0), rs.getString(23), rs.getLong(24), rs.getInt(25),
        rs.getInt(26));
  }
}
