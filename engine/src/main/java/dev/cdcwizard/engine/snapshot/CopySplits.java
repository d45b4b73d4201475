package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.TableArrays;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts the tables of a snapshot into page ranges for parallel readers. PostgreSQL 14 and newer scan a
 * ctid range without reading the rest of the table; older servers, and partitioned tables (a ctid is
 * a partition's own), are copied whole.
 */
public final class CopySplits {
  private static final long MAX_PAGES_PER_SPLIT = 16_384;
  private static final String SIZES = """
      SELECT w.s, w.t, c.relkind, pg_relation_size(c.oid) / current_setting('block_size')::bigint
      FROM unnest(?::text[], ?::text[]) AS w(s, t)
      JOIN pg_namespace n ON n.nspname = w.s
      JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = w.t""";

  private CopySplits() {}

  /**
   * @param readers the snapshot's parallelism: a large table gets at least twice as many splits, of one size,
   *     as many as a multiple of it as its pages allow, so no reader copies a split alone while the others wait
   */
  public static List<CopySplit> plan(Connection connection, List<TableId> tables, int readers) throws SQLException {
    boolean tidRanges = connection.getMetaData().getDatabaseMajorVersion() >= 14;
    List<CopySplit> splits = new ArrayList<>();
    try (PreparedStatement statement = connection.prepareStatement(SIZES)) {
      TableArrays.bind(connection, statement, 1,
          tables.stream().map(TableId::postgresName).toList());
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          TableId table = TableId.of(rs.getString(1), rs.getString(2));
          boolean partitioned = "p".equals(rs.getString(3));
          splits.addAll(tidRanges && !partitioned ? ranges(table, rs.getLong(4), readers)
              : List.of(CopySplit.whole(table, !partitioned)));
        }
      }
    }
    return splits;
  }

  static List<CopySplit> ranges(TableId table, long pages, int readers) {
    long parts = Math.max(1, readers);
    long rounds = Math.max(2, ceilDiv(pages, parts * MAX_PAGES_PER_SPLIT));
    long perSplit = Math.max(1, ceilDiv(pages, parts * rounds));
    List<CopySplit> splits = new ArrayList<>();
    long from = 0;
    while (from + perSplit < pages) {
      splits.add(new CopySplit(table, from, from + perSplit, true));
      from += perSplit;
    }
    // open-ended: pages added after the size was read hold nothing the snapshot sees, but cost nothing
    splits.add(new CopySplit(table, from, -1, true));
    return splits;
  }

  private static long ceilDiv(long dividend, long divisor) {
    return (dividend + divisor - 1) / divisor;
  }
}
