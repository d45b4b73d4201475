package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import java.io.Serializable;

/**
 * A part of a table one snapshot reader copies: the pages {@code fromPage} (inclusive) to
 * {@code toPage} (exclusive, or the table's end when negative), or the whole table when
 * {@code fromPage} is negative.
 */
public record CopySplit(TableId table, long fromPage, long toPage) implements Serializable {
  public static CopySplit whole(TableId table) {
    return new CopySplit(table, -1, -1);
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
