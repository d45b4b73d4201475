package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.publication.PublicationInfo;
import dev.cdcwizard.engine.postgres.publication.Publications;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The publication, created before the slot when the pipeline lets Debezium create it. Debezium would
 * only create it when streaming starts, after the snapshot; pgoutput decodes each change with the
 * catalog as it was when the change was written, so changes made before the publication existed would
 * never be sent. For the same reason a publication that exists but lacks captured tables gets them here,
 * before the snapshot, when Debezium manages it: in {@code filtered} mode Debezium would add them only
 * when streaming starts, losing their changes in between, and in {@code all_tables} mode it never alters a
 * publication that exists, so those tables would never stream. (Without auto-creation the run's checks
 * refuse a publication that lacks a table.)
 */
public final class SnapshotPublication {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotPublication.class);

  private SnapshotPublication() {}

  /** Creates the publication as Debezium's {@code publication.autocreate.mode} would, if it is missing. */
  public static void ensure(Connection connection, SourceDefinition source, Collection<TableId> tables)
      throws SQLException {
    String publication = source.publicationName();
    Publications publications = new Publications(connection);
    if (!source.publicationAutocreated()) {
      return;
    }
    Optional<PublicationInfo> found = publications.find(publication);
    if (found.isPresent()) {
      addMissing(connection, publications, found.get(), tables);
      return;
    }
    String mode = source.debeziumProperties().getOrDefault("publication.autocreate.mode", "all_tables");
    if ("filtered".equalsIgnoreCase(mode)) {
      publications.planCreate(publication, tables.stream().map(TableId::postgresName).toList())
          .execute(connection);
    } else {
      try (Statement statement = connection.createStatement()) {
        statement.execute("CREATE PUBLICATION " + Identifiers.quote(publication) + " FOR ALL TABLES");
      }
    }
    if (!connection.getAutoCommit()) {
      connection.commit();
    }
    LOG.info("Created publication {} ({}) before the snapshot's slot", publication, mode);
  }

  private static void addMissing(Connection connection, Publications publications, PublicationInfo found,
      Collection<TableId> tables) throws SQLException {
    if (found.allTables()) {
      return;
    }
    List<TableName> missing = tables.stream().map(TableId::postgresName)
        .filter(table -> !found.tables().contains(table)).toList();
    if (missing.isEmpty()) {
      return;
    }
    publications.planAddTables(found.name(), missing).execute(connection);
    if (!connection.getAutoCommit()) {
      connection.commit();
    }
    LOG.info("Added {} to publication {} before the snapshot", missing, found.name());
  }
}
