package dev.cdcwizard.engine.job;

import java.util.Map;
import java.util.TreeMap;

/**
 * Rows read per table so far, from the job's accumulators.
 *
 * @param snapshotRows rows read by the initial snapshot, per schema.table
 * @param streamedChanges changes read from the WAL, per schema.table
 */
public record PipelineProgress(Map<String, Long> snapshotRows, Map<String, Long> streamedChanges) {
  public static final String SNAPSHOT_ROWS_PREFIX = "snapshot-rows:";
  static final String STREAMED_CHANGES_PREFIX = "streamed-changes:";

  public static PipelineProgress fromAccumulators(Map<String, ?> accumulators) {
    Map<String, Long> snapshot = new TreeMap<>();
    Map<String, Long> streamed = new TreeMap<>();
    accumulators.forEach((name, value) -> {
      if (value instanceof Number number) {
        if (name.startsWith(SNAPSHOT_ROWS_PREFIX)) {
          snapshot.put(name.substring(SNAPSHOT_ROWS_PREFIX.length()), number.longValue());
        } else if (name.startsWith(STREAMED_CHANGES_PREFIX)) {
          streamed.put(name.substring(STREAMED_CHANGES_PREFIX.length()), number.longValue());
        }
      }
    });
    return new PipelineProgress(snapshot, streamed);
  }

  public long totalSnapshotRows() {
    return snapshotRows.values().stream().mapToLong(Long::longValue).sum();
  }

  public long totalStreamedChanges() {
    return streamedChanges.values().stream().mapToLong(Long::longValue).sum();
  }
}
