package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.TableName;
import java.util.List;
import java.util.Objects;

/**
 * What the pipeline will use: its tables, slot and publication, and its source parallelism (each
 * snapshot reader opens a backfill slot and a WAL sender of its own).
 *
 * @param targetKeepsUnchangedValues whether the target can leave a column alone when an UPDATE sends no
 *     value for it (a PostgreSQL target can; Iceberg, which rewrites whole rows, cannot)
 */
public record PreflightRequest(List<TableName> tables, String slotName, String publicationName, int parallelism,
    boolean targetKeepsUnchangedValues) {

  public PreflightRequest {
    tables = List.copyOf(tables);
    Objects.requireNonNull(slotName, "slotName");
    Objects.requireNonNull(publicationName, "publicationName");
    if (parallelism < 1) {
      throw new IllegalArgumentException("parallelism must be at least 1: " + parallelism);
    }
  }

  /** A request for an Iceberg target. */
  public PreflightRequest(List<TableName> tables, String slotName, String publicationName, int parallelism) {
    this(tables, slotName, publicationName, parallelism, false);
  }
}
