package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;

/**
 * The COPY that reads a table, or a range of it, for a {@link RowDecoder}. It must run on a pgjdbc
 * connection of the pipeline's user that left DateStyle, IntervalStyle and lc_monetary as the server and
 * role set them: the columns read as text then get the same text pgoutput writes for Debezium.
 */
public final class CopyStatement {
  private CopyStatement() {}

  /**
   * @param table the table; its database part, if any, is the connection's business
   * @param whereClause SQL restricting the rows (a ctid or key range), or null for all rows
   */
  public static String forTable(TableId table, RowDecoder decoder, String whereClause) {
    return "COPY (SELECT " + String.join(", ", decoder.selectList())
        + " FROM " + table.sqlName()
        + (whereClause == null ? "" : " WHERE " + whereClause)
        + ") TO STDOUT (FORMAT binary)";
  }
}
