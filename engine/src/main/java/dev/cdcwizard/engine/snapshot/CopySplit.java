package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.source.SourceRelation;
import java.io.Serializable;

/**
 * A part of a table one snapshot reader copies: the pages {@code fromPage} (inclusive) to
 * {@code toPage} (exclusive, or the table's end when negative), or the whole table when
 * {@code fromPage} is negative. {@code ownRowsOnly} for a table that is not partitioned: PostgreSQL
 * publishes a table's own rows, so the rows of tables that INHERIT from it are not the pipeline's (a
 * partitioned table's rows are its partitions').
 */
public record CopySplit(TableId table, long fromPage, long toPage, boolean ownRowsOnly) implements Serializable {
  public static CopySplit whole(TableId table, boolean ownRowsOnly) {
    return new CopySplit(table, -1, -1, ownRowsOnly);
  }

  /** What the split's SELECT reads from. */
  public String fromClause() {
    return SourceRelation.fromClause(table, !ownRowsOnly);
  }

  /** The WHERE clause of the split's COPY; null for a whole table. */
  public String whereClause() {
    if (fromPage < 0) {
      return null;
    }
    String from = "ctid >= '(" + fromPage + ",0)'::tid";
    return toPage < 0 ? from : from + " AND ctid < '(" + toPage + ",0)'::tid";
  }
}
