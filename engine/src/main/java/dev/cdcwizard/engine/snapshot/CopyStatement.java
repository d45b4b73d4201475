package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.source.SourceRelation;
/**
 * The COPY that reads a table, or a range of it, for a {@link RowDecoder}. It must run on a pgjdbc
 * connection of the pipeline's user that left DateStyle, IntervalStyle and lc_monetary as the server and
 * role set them: the columns read as text then get the same text pgoutput writes for Debezium.
 */
public final class CopyStatement {
  private CopyStatement() {}

  /**
   * @param fromClause what to read, as {@link SourceRelation} or {@link CopySplit#fromClause()} says
   * @param whereClause SQL restricting the rows (a ctid or key range), or null for all rows
   */
  public static String forTable(String fromClause, RowDecoder decoder, String whereClause) {
    return "COPY (SELECT " + String.join(", ", decoder.selectList())
        + " FROM " + fromClause
        + (whereClause == null ? "" : " WHERE " + whereClause)
        + ") TO STDOUT (FORMAT binary)";
  }
}
