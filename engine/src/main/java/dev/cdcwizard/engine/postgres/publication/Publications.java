package dev.cdcwizard.engine.postgres.publication;

import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.ServerVersion;
import dev.cdcwizard.engine.postgres.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Reads publications and plans their changes against one database, over a connection the caller owns. */
public final class Publications {

  private final Connection connection;

  public Publications(Connection connection) {
    this.connection = connection;
  }

  public Optional<PublicationInfo> find(String publication) throws SQLException {
    ServerVersion version = PostgresConnector.serverVersion(connection);
    String sql = "SELECT pg_get_userbyid(pubowner), puballtables, pubinsert, pubupdate, pubdelete, "
        + (version.atLeast(13) ? "pubviaroot" : "false") + ", " + (version.atLeast(11) ? "pubtruncate" : "true")
        + " FROM pg_publication WHERE pubname = ?";
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, publication);
      try (ResultSet rs = statement.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(new PublicationInfo(publication, rs.getString(1), rs.getBoolean(2),
            rs.getBoolean(6), rs.getBoolean(3), rs.getBoolean(4), rs.getBoolean(5), tables(publication),
            rs.getBoolean(7), version.atLeast(15) ? PublishedTables.filtered(connection, publication) : List.of()));
      }
    }
  }

  public PublicationPlan planCreate(String publication, Collection<TableName> tables) throws SQLException {
    return PublicationSql.create(publication, tables, PostgresConnector.serverVersion(connection));
  }

  public PublicationPlan planAddTables(String publication, Collection<TableName> tables) {
    return PublicationSql.addTables(publication, tables);
  }

  public PublicationPlan planRemoveTables(String publication, Collection<TableName> tables) {
    return PublicationSql.removeTables(publication, tables);
  }

  public PublicationPlan planDrop(String publication) {
    return PublicationSql.drop(publication);
  }

  /** Creates or alters the publication so it holds exactly {@code tables}; empty when nothing is to do. */
  public PublicationPlan planSync(String publication, Collection<TableName> tables) throws SQLException {
    return PublicationSql.sync(publication, find(publication), tables,
        PostgresConnector.serverVersion(connection));
  }

  private List<TableName> tables(String publication) throws SQLException {
    return PublishedTables.byName(connection, publication);
  }
}
