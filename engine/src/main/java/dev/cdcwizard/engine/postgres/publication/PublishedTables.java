package dev.cdcwizard.engine.postgres.publication;

import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a publication sends now. pgoutput decides at each change whether to send it, from the publication
 * as it was then: a table taken out, a kind of change no longer published, a row filter or a column list
 * (PostgreSQL 15) leaves changes out of the stream without a trace, and they are never sent later.
 *
 * @param allChanges whether it publishes inserts, updates, deletes and (PostgreSQL 11 and newer) truncates
 * @param published the tables it publishes (a partitioned table through its root, as the pipeline needs it)
 * @param filtered the tables it publishes only some rows or columns of
 */
public record PublishedTables(boolean allChanges, Set<TableName> published, Set<TableName> filtered) {
  private static final String FLAGS = "SELECT pubinsert AND pubupdate AND pubdelete%s FROM pg_publication"
      + " WHERE pubname = ?";
  private static final String TABLES = "SELECT schemaname, tablename FROM pg_publication_tables WHERE pubname = ?";
  private static final String FILTERED = """
      SELECT n.nspname, c.relname
      FROM pg_publication p
      JOIN pg_publication_rel pr ON pr.prpubid = p.oid
      JOIN pg_class c ON c.oid = pr.prrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE p.pubname = ? AND (pr.prqual IS NOT NULL OR pr.prattrs IS NOT NULL)""";

  public PublishedTables {
    published = Set.copyOf(published);
    filtered = Set.copyOf(filtered);
  }

  /** Empty when the publication does not exist. */
  public static Optional<PublishedTables> read(Connection connection, String publication) throws SQLException {
    ServerVersion version = PostgresConnector.serverVersion(connection);
    Boolean allChanges = null;
    try (PreparedStatement statement = connection.prepareStatement(
        String.format(FLAGS, version.atLeast(11) ? " AND pubtruncate" : ""))) {
      statement.setString(1, publication);
      try (ResultSet rs = statement.executeQuery()) {
        if (rs.next()) {
          allChanges = rs.getBoolean(1);
        }
      }
    }
    if (allChanges == null) {
      return Optional.empty();
    }
    return Optional.of(new PublishedTables(allChanges, names(connection, TABLES, publication),
        version.atLeast(15) ? Set.copyOf(filtered(connection, publication)) : Set.of()));
  }

  /** PostgreSQL 15 and newer only: the tables it sends only some rows or columns of. */
  static List<TableName> filtered(Connection connection, String publication) throws SQLException {
    return List.copyOf(names(connection, FILTERED, publication));
  }

  private static Set<TableName> names(Connection connection, String sql, String publication) throws SQLException {
    Set<TableName> names = new HashSet<>();
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
