package dev.cdcwizard.engine.sink.iceberg;

import java.util.Objects;
import java.util.stream.Stream;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;

/**
 * The snapshots of an Iceberg table's current branch, newest first, and which of them the pipeline made:
 * its Flink committer's (a checkpoint's) and its own snapshot's copy, told by what their summaries carry.
 */
public final class PipelineCommits {
  /** The summary key of a commit of the engine's own snapshot copy: the exported snapshot's name. */
  public static final String COPY = "cdc-wizard.snapshot";
  /** The summary key of a Flink committer's commit that names its job, as Iceberg's committer writes it. */
  static final String JOB_ID = "flink.job-id";

  private PipelineCommits() {}

  /** The current snapshot and its ancestors, newest first, walked only as far as the stream is read. */
  static Stream<Snapshot> ancestry(Table table) {
    return Stream.iterate(table.currentSnapshot(), Objects::nonNull,
        snapshot -> snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId()));
  }

  static boolean ofACheckpoint(Snapshot snapshot) {
    return snapshot.summary().containsKey(SnapshotExpiry.COMMITTED_CHECKPOINT);
  }

  static boolean ofThePipeline(Snapshot snapshot) {
    return ofACheckpoint(snapshot) || snapshot.summary().containsKey(COPY);
  }
}
