package dev.cdcwizard.engine.postgres.publication;

import dev.cdcwizard.engine.postgres.TableName;
import java.util.List;

/**
 * A publication as {@code pg_publication} has it. {@code tables} are the tables added to it by name
 * (empty for FOR ALL TABLES); {@code viaPartitionRoot} is always false before PostgreSQL 13;
 * {@code filtered} the tables it sends only some rows or columns of (a row filter or a column list, PostgreSQL 15).
 */
public record PublicationInfo(
    String name,
    String owner,
    boolean allTables,
    boolean viaPartitionRoot,
    boolean publishesInsert,
    boolean publishesUpdate,
    boolean publishesDelete,
    List<TableName> tables,
    boolean publishesTruncate,
    List<TableName> filtered) {

  public PublicationInfo {
    tables = List.copyOf(tables);
    filtered = List.copyOf(filtered);
  }

  /** A publication that sends TRUNCATE and every row and column of its tables. */
  public PublicationInfo(String name, String owner, boolean allTables, boolean viaPartitionRoot,
      boolean publishesInsert, boolean publishesUpdate, boolean publishesDelete, List<TableName> tables) {
    this(name, owner, allTables, viaPartitionRoot, publishesInsert, publishesUpdate, publishesDelete, tables, true,
        List.of());
  }

  /** A CDC pipeline needs every row change; a publication limited to inserts would miss the rest. */
  public boolean publishesAllChanges() {
    return publishesInsert && publishesUpdate && publishesDelete && publishesTruncate;
  }
}
