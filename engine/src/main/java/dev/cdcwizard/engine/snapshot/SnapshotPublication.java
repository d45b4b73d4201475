package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.publication.Publications;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The publication, created before the slot when the pipeline lets Debezium create it. Debezium would
 * only create it when streaming starts, after the snapshot; pgoutput decodes each change with the
 * catalog as it was when the change was written, so changes made before the publication existed would
 * never be sent.
 */
public final class SnapshotPublication {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotPublication.class);

  private SnapshotPublication() {}

  /** Creates the publication as Debezium's {@code publication.autocreate.mode} would, if it is missing. */
  public static void ensure(Connection connection, SourceDefinition source, Collection<TableId> tables)
      throws SQLException {
    String publication = source.publicationName();
    Publications publications = new Publications(connection);
    if (publications.find(publication).isPresent() || !source.publicationAutocreated()) {
      return;
    }
    String mode = source.debeziumProperties().getOrDefault("publication.autocreate.mode", "all_tables");
    if ("filtered".equalsIgnoreCase(mode)) {
      publications.planCreate(publication, tables.stream().map(t -> new TableName(t.schema(), t.table())).toList())
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
}
