package dev.cdcwizard.engine.pipeline;

import java.io.Serializable;
import java.util.Objects;

/**
 * A table of the target as the pipeline's routes name it, the {@code sink-table} as written (or the source
 * table's id where no route matches): {@code namespace.table} in an Iceberg catalog, {@code schema.table} or
 * a bare {@code table} of the public schema in a PostgreSQL database. Each target reads the name its own way
 * (Iceberg's identifier, PostgreSQL's schema and table); the layers above the targets compare it with the
 * routes' names and pass it on as it is.
 */
public record TargetTable(String name) implements Serializable {
  public TargetTable {
    Objects.requireNonNull(name, "name");
  }

  @Override
  public String toString() {
    return name;
  }
}
