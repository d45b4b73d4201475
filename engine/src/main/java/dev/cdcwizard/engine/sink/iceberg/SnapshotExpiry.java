package dev.cdcwizard.engine.sink.iceberg;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.util.PropertyUtil;

/**
 * Expires an Iceberg target table's old snapshots and deletes the files only they referenced, keeping
 * what the pipeline needs: every snapshot from the newest one its Flink committer made on. A restarted
 * job looks for its last committed checkpoint ({@value #COMMITTED_CHECKPOINT}) by walking back from the
 * current snapshot; were that snapshot expired under a later one of another writer (a compaction, a
 * commit of the engine's own snapshot), the job would commit its checkpoint's files again, and its rows
 * would be in the table twice.
 */
public final class SnapshotExpiry {
  public static final String COMMITTED_CHECKPOINT = "flink.max-committed-checkpoint-id";

  private SnapshotExpiry() {}

  /**
   * What one expiry did.
   *
   * @param keptFrom the pipeline's newest commit, which every newer snapshot is kept with; null if none
   */
  public record Expired(int snapshotsBefore, int snapshotsAfter, long filesDeleted, Snapshot keptFrom) {
    public int expired() {
      return snapshotsBefore - snapshotsAfter;
    }
  }

  /**
   * @param olderThan how old a snapshot must be to go; empty for the table's
   *     {@code history.expire.max-snapshot-age-ms} (Iceberg's default: 5 days)
   * @param retainLast how many of the newest snapshots stay whatever their age; empty for the table's
   *     {@code history.expire.min-snapshots-to-keep} (Iceberg's default: 1)
   */
  public static Expired expire(Table table, Optional<Duration> olderThan, Optional<Integer> retainLast) {
    table.refresh();
    int before = count(table);
    Snapshot pipelines = newestCommitOfThePipeline(table);
    long cutoff = System.currentTimeMillis() - olderThan.map(Duration::toMillis).orElseGet(() ->
        PropertyUtil.propertyAsLong(table.properties(), TableProperties.MAX_SNAPSHOT_AGE_MS,
            TableProperties.MAX_SNAPSHOT_AGE_MS_DEFAULT));
    if (pipelines != null) {
      cutoff = Math.min(cutoff, pipelines.timestampMillis());
    }
    int keep = retainLast.orElseGet(() -> PropertyUtil.propertyAsInt(table.properties(),
        TableProperties.MIN_SNAPSHOTS_TO_KEEP, TableProperties.MIN_SNAPSHOTS_TO_KEEP_DEFAULT));
    AtomicLong deleted = new AtomicLong();
    table.expireSnapshots()
        .expireOlderThan(cutoff)
        .retainLast(Math.max(1, keep))
        .deleteWith(path -> {
          table.io().deleteFile(path);
          deleted.incrementAndGet();
        })
        .commit();
    table.refresh();
    return new Expired(before, count(table), deleted.get(), pipelines);
  }

  /** The newest snapshot at or below the current one that a Flink committer made, or null. */
  private static Snapshot newestCommitOfThePipeline(Table table) {
    return PipelineCommits.ancestry(table).filter(PipelineCommits::ofACheckpoint).findFirst().orElse(null);
  }

  /** When a kept commit of the pipeline was made, for the user. */
  public static Instant committedAt(Snapshot snapshot) {
    return Instant.ofEpochMilli(snapshot.timestampMillis());
  }

  /** The checkpoint whose commit a kept snapshot is. */
  public static String checkpoint(Snapshot snapshot) {
    return snapshot.summary().get(COMMITTED_CHECKPOINT);
  }

  private static int count(Table table) {
    int snapshots = 0;
    for (Snapshot ignored : table.snapshots()) {
      snapshots++;
    }
    return snapshots;
  }
}
