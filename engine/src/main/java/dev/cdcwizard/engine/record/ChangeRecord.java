package dev.cdcwizard.engine.record;

import dev.cdcwizard.engine.pipeline.TableId;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.types.RowKind;

/**
 * One row change read from PostgreSQL, already in Flink's internal data formats (StringData,
 * DecimalData, TimestampData, ...), ready to become an Iceberg row.
 *
 * @param table the table as the pipeline sees it (with the database only when the source includes it)
 * @param kind INSERT for snapshot reads and inserts, UPDATE_AFTER for updates, DELETE for deletes; null
 *     for a TRUNCATE, which carries no row
 * @param snapshot whether the row comes from the initial snapshot rather than the WAL
 * @param values one value per column of {@code shape}
 */
public record ChangeRecord(
    TableId table, RowKind kind, boolean snapshot, RecordShape shape, Object[] values) {
  /** Where one checkpoint's records end (the job's checkpoint epochs); it carries no row. */
  public static ChangeRecord checkpointMarker() {
    return new ChangeRecord(null, null, false, null, new Object[0]);
  }

  public boolean isCheckpointMarker() {
    return table == null && !snapshot;
  }

  /**
   * The TRUNCATE of {@code table} at this position of the stream: every row before it is gone.
   *
   * @param xid the id of the transaction that truncated it, or -1 when unknown
   */
  public static ChangeRecord truncate(TableId table, long xid) {
    return new ChangeRecord(table, null, false, null, new Object[] {xid});
  }

  /** The id of the transaction of a {@link #truncate}. */
  public long truncateXid() {
    return (Long) values[0];
  }

  public boolean isTruncate() {
    return table != null && kind == null && !snapshot;
  }

  /**
   * Rows of {@code table} that the engine's own snapshot on a cluster copied straight into the target:
   * counted as the snapshot's progress where rows are counted, and never written.
   */
  public static ChangeRecord copied(TableId table, long rows) {
    return new ChangeRecord(table, null, true, null, new Object[] {rows});
  }

  public boolean isCopied() {
    return table != null && kind == null && snapshot;
  }

  /**
   * The engine's own snapshot on a cluster committed its copy: streaming follows. It reaches the job's table
   * watch and goes no further.
   *
   * @param tablesSeen the copied tables as the copy's snapshot saw them ({@code TableRewrites.baseline})
   * @param copiedNow whether this run of the job made the copy, rather than restored it committed
   */
  public static ChangeRecord copyCommitted(List<String> tablesSeen, boolean copiedNow) {
    Object[] values = new Object[tablesSeen.size() + 1];
    values[0] = copiedNow;
    System.arraycopy(tablesSeen.toArray(), 0, values, 1, tablesSeen.size());
    return new ChangeRecord(null, null, true, null, values);
  }

  public boolean isCopyCommitted() {
    return table == null && snapshot;
  }

  /** The tables of a {@link #copyCommitted}. */
  public List<String> tablesSeen() {
    return Arrays.stream(values, 1, values.length).map(String.class::cast).toList();
  }

  /** Whether this run of the job made the copy of a {@link #copyCommitted}. */
  public boolean copiedNow() {
    return (Boolean) values[0];
  }
}
