package dev.cdcwizard.engine.pipeline;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.TableName;
import java.io.Serializable;
import java.util.Objects;

/**
 * A table as a pipeline sees it: {@code schema.table}, or {@code database.schema.table} when the
 * source includes the database ({@code table-id.include-database}).
 */
public record TableId(String database, String schema, String table) implements Serializable {

  public TableId {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(table, "table");
  }

  public static TableId of(String schema, String table) {
    return new TableId(null, schema, table);
  }

  public boolean hasDatabase() {
    return database != null;
  }

  /** The id parts from the outermost in: database (when present), schema, table. */
  public String[] parts() {
    return hasDatabase() ? new String[] {database, schema, table} : new String[] {schema, table};
  }

  /** The table's name in PostgreSQL's SQL, quoted: {@code "schema"."table"}. */
  public String sqlName() {
    return Identifiers.quote(schema) + "." + Identifiers.quote(table);
  }

  /** The table in its PostgreSQL database, without the database the pipeline may name it by. */
  public TableName postgresName() {
    return new TableName(schema, table);
  }

  @Override
  public String toString() {
    return String.join(".", parts());
  }
}
