package dev.cdcwizard.engine.postgres.publication;

import dev.cdcwizard.engine.postgres.TableName;
import java.util.List;

/**
 * A publication as {@code pg_publication} has it. {@code tables} are the tables added to it by name
 * (empty for FOR ALL TABLES); {@code viaPartitionRoot} is always false before PostgreSQL 13.
 */
public record PublicationInfo(
    String name,
    String owner,
    boolean allTables,
    boolean viaPartitionRoot,
    boolean publishesInsert,
    boolean publishesUpdate,
    boolean publishesDelete,
    List<TableName> tables) {

  public PublicationInfo {
    tables = List.copyOf(tables);
  }

  /** A CDC pipeline needs every row change; a publication limited to inserts would miss the rest. */
  public boolean publishesAllChanges() {
    return publishesInsert && publishesUpdate && publishesDelete;
  }
}
