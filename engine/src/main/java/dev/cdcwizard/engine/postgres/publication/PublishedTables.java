package dev.cdcwizard.engine.postgres.publication;

import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a publication sends now. pgoutput decides at each change whether to send it, from the publication
 * as it was then: a table taken out, a kind of change no longer published, a row filter or a column list
 * (PostgreSQL 15) leaves changes out of the stream without a trace, and they are never sent later. Read from
 * the catalog tables, not pg_publication_tables, which from PostgreSQL 15 opens each table to list its
 * columns and so waits behind any lock on one, holding up the job's task with it.
 *
 * @param allChanges whether it publishes inserts, updates, deletes and (PostgreSQL 11 and newer) truncates
 * @param allTables FOR ALL TABLES
 * @param viaRoot whether it publishes partitions' changes as their root's (publish_via_partition_root, PostgreSQL 13)
 * @param tables the tables added to it by name
 * @param schemas the schemas whose tables it publishes (FOR TABLES IN SCHEMA, PostgreSQL 15)
 * @param filtered the tables it publishes only some rows or columns of
 */
public record PublishedTables(boolean allChanges, boolean allTables, boolean viaRoot, Set<TableName> tables,
    Set<String> schemas, Set<TableName> filtered) {
  private static final String FLAGS = "SELECT pubinsert AND pubupdate AND pubdelete%s, puballtables, %s"
      + " FROM pg_publication WHERE pubname = ?";
  private static final String TABLES = """
      SELECT n.nspname, c.relname
      FROM pg_publication p
      JOIN pg_publication_rel pr ON pr.prpubid = p.oid
      JOIN pg_class c ON c.oid = pr.prrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE p.pubname = ?""";
  private static final String BY_NAME = TABLES + " ORDER BY n.nspname, c.relname";
  private static final String SCHEMAS = """
      SELECT n.nspname, ''
      FROM pg_publication p
      JOIN pg_publication_namespace pn ON pn.pnpubid = p.oid
      JOIN pg_namespace n ON n.oid = pn.pnnspid
      WHERE p.pubname = ?""";
  private static final String FILTERED = TABLES + " AND (pr.prqual IS NOT NULL OR pr.prattrs IS NOT NULL)";

  public PublishedTables {
    tables = Set.copyOf(tables);
    schemas = Set.copyOf(schemas);
    filtered = Set.copyOf(filtered);
  }

  public boolean publishes(TableName table) {
    return allTables || tables.contains(table) || schemas.contains(table.schema());
  }

  /** Empty when the publication does not exist. */
  public static Optional<PublishedTables> read(Connection connection, String publication) throws SQLException {
    ServerVersion version = PostgresConnector.serverVersion(connection);
    boolean allChanges;
    boolean allTables;
    boolean viaRoot;
    try (PreparedStatement statement = connection.prepareStatement(
        String.format(FLAGS, version.atLeast(11) ? " AND pubtruncate" : "", version.atLeast(13) ? "pubviaroot" : "false"))) {
      statement.setString(1, publication);
      try (ResultSet rs = statement.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        allChanges = rs.getBoolean(1);
        allTables = rs.getBoolean(2);
        viaRoot = rs.getBoolean(3);
      }
    }
    boolean since15 = version.atLeast(15);
    return Optional.of(new PublishedTables(allChanges, allTables, viaRoot,
        Set.copyOf(names(connection, TABLES, publication)),
        since15 ? Set.copyOf(names(connection, SCHEMAS, publication).stream().map(TableName::schema).toList())
            : Set.of(),
        since15 ? Set.copyOf(filtered(connection, publication)) : Set.of()));
  }

  /** The tables added to it by name, in the order of their names. */
  static List<TableName> byName(Connection connection, String publication) throws SQLException {
    return names(connection, BY_NAME, publication);
  }

  /** PostgreSQL 15 and newer only: the tables it sends only some rows or columns of. */
  static List<TableName> filtered(Connection connection, String publication) throws SQLException {
    return names(connection, FILTERED, publication);
  }

  private static List<TableName> names(Connection connection, String sql, String publication) throws SQLException {
    List<TableName> names = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, publication);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          names.add(new TableName(rs.getString(1), rs.getString(2)));
        }
      }
    }
    return names;
  }
}
