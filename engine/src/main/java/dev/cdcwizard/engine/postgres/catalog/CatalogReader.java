package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads schemas, tables, columns and primary keys with three catalog queries (the columns
 * and keys by {@link CatalogColumns}) whatever the number of
 * tables: a database with 10,000 tables must list in about a second, which one query per table
 * cannot do over a network. Sizes come from the planner statistics (relpages of the table, its TOAST
 * table and indexes), like the row estimate: pg_total_relation_size opens every file and took 2-5 s
 * for 10,000 tables (docs/benchmarks/catalog.md). Only a table never vacuumed nor analyzed, whose
 * statistics say nothing (a table just loaded, as the tutorial's are), is sized by its files and counted
 * by the statistics collector's live tuples; an empty file is exactly 0 rows. Small tables are counted
 * exactly ({@link ExactCounts}). A column is TOASTable when its type is variable-length,
 * not stored PLAIN, and its table has a TOAST table: PostgreSQL creates one only when a row can
 * outgrow a page's share (a partitioned table's partitions may have one).
 */
public final class CatalogReader {
  private static final Logger LOG = LoggerFactory.getLogger(CatalogReader.class);

  private static final String SCHEMAS_SQL = "SELECT n.nspname FROM pg_namespace n WHERE " + CatalogColumns.USER_SCHEMA
      + " ORDER BY n.nspname";

  private static final String TABLES_SQL = """
      SELECT c.oid, n.nspname, c.relname, c.relkind, c.relispartition, pn.nspname, pc.relname,
             c.relreplident,
             CASE WHEN c.reltuples >= 0 THEN c.reltuples::bigint
                  WHEN c.relkind = 'r' AND pg_relation_size(c.oid) = 0 THEN 0
                  WHEN coalesce(s.n_live_tup, 0) > 0 THEN s.n_live_tup
                  ELSE -1 END,
             CASE WHEN c.reltuples < 0 AND c.relkind = 'r' THEN pg_total_relation_size(c.oid)
                  ELSE (c.relpages + coalesce(t.relpages, 0) + coalesce(ix.pages, 0))
                      * current_setting('block_size')::bigint END,
             """ + ReplicaIdentity.COVERS_KEY_SQL + """
             , c.relpersistence = 'u'
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
      LEFT JOIN pg_class t ON t.oid = c.reltoastrelid
      LEFT JOIN (SELECT x.indrelid, sum(i.relpages) AS pages
                 FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
                 GROUP BY x.indrelid) ix ON ix.indrelid = c.oid
      LEFT JOIN pg_inherits i ON c.relispartition AND i.inhrelid = c.oid
      LEFT JOIN pg_class pc ON pc.oid = i.inhparent
      LEFT JOIN pg_namespace pn ON pn.oid = pc.relnamespace
      WHERE""" + " " + CatalogColumns.TABLE_FILTER;

  private final Connection connection;

  public CatalogReader(Connection connection) {
    this.connection = connection;
  }

  /** Every table of every user schema. */
  public Catalog read() throws SQLException {
    return new Catalog(schemas(), tables(Optional.empty()));
  }

  /** Only the given tables, in the order of their names; tables that do not exist are left out. */
  public List<TableInfo> read(Collection<TableName> names) throws SQLException {
    return tables(Optional.of(names));
  }

  public List<String> schemas() throws SQLException {
    List<String> schemas = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(SCHEMAS_SQL);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        schemas.add(rs.getString(1));
      }
    }
    return schemas;
  }

  private List<TableInfo> tables(Optional<Collection<TableName>> names) throws SQLException {
    long started = System.nanoTime();
    Map<Long, TableRow> rows = new HashMap<>();
    try (PreparedStatement statement = prepareFiltered(TABLES_SQL, names);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        rows.put(rs.getLong(1), TableRow.from(rs));
      }
    }
    List<ColumnFacts> columns = names.isPresent()
        ? CatalogColumns.of(connection, names.get()) : CatalogColumns.ofAllTables(connection);
    for (ColumnFacts column : columns) {
      TableRow row = rows.get(column.tableOid());
      if (row != null) {
        row.addColumn(column);
      }
    }
    List<TableInfo> tables = PartitionTotals.apply(
        ExactCounts.apply(connection, rows.values().stream().map(TableRow::toTableInfo).toList()));
    LOG.debug("Read {} tables in {} ms", tables.size(), (System.nanoTime() - started) / 1_000_000);
    return tables.stream().sorted(Comparator.comparing(TableInfo::name)).toList();
  }

  private PreparedStatement prepareFiltered(String sql, Optional<Collection<TableName>> names)
      throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql);
    CatalogColumns.bindFilter(connection, statement, 1, names.isEmpty(), names.orElse(List.of()), List.of());
    return statement;
  }
}
