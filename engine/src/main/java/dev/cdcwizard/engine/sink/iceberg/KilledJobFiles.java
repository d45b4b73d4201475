package dev.cdcwizard.engine.sink.iceberg;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * The data files an earlier run of the job wrote and never committed: a run killed (kill -9, a lost
 * TaskManager, a restart after a failure) leaves the files of the checkpoint it was writing, which no metadata
 * names. The daily orphan removal keeps such files for days ({@link OrphanFiles}): by their names and times
 * alone they are a checkpoint's that the resumed job still commits. Here they are told apart by the store's time
 * when this run started ({@link #started}, read before any checkpoint of the run can be triggered: an operator
 * opens before its task runs, and Flink triggers a checkpoint only once every task runs). Once a checkpoint of
 * this run (this job's id, after the checkpoint it restored) has committed to a table, every file of that table
 * a checkpoint still held is committed: the committer commits a table's checkpoints in order, the restored ones
 * first, and a file this run wrote before that time went with its first checkpoint, which the one committed
 * follows or is. A data file of the table written before that time that no metadata names is then one no run
 * will commit: deleted, once per run. A compaction's files are its marker's to delete ({@link CompactionLease});
 * metadata files stay for the daily removal.
 */
final class KilledJobFiles {
  private static final Set<String> DATA_FILE_SUFFIXES = Set.of(".parquet", ".orc", ".avro");

  private final String jobId;
  private final long restoredCheckpoint;
  /** The store's time at the start, for each table not yet cleaned in this run. */
  private final Map<TableIdentifier, Long> startedAt = new HashMap<>();

  /**
   * @param jobId the job's id, as its committer writes it
   * @param restoredCheckpoint the checkpoint or savepoint the job restored, 0 for a job that restored none
   */
  KilledJobFiles(String jobId, long restoredCheckpoint) {
    this.jobId = jobId;
    this.restoredCheckpoint = restoredCheckpoint;
  }

  /** Reads the store's time for the table; to be called before the job's tasks run. */
  void started(TableIdentifier identifier, Table table) {
    StoreClock.now(table).ifPresent(now -> startedAt.put(identifier, now));
  }

  /**
   * Deletes what earlier runs left of the table once this run has committed to it.
   *
   * @return how many files went; empty while this run has not committed to the table, or once it was done
   */
  OptionalInt removeOnceCommitted(TableIdentifier identifier, Table table) throws OrphanFiles.RefusedException {
    Long started = startedAt.get(identifier);
    if (started == null || !(table.io() instanceof SupportsPrefixOperations listing)) {
      return OptionalInt.empty();
    }
    table.refresh();
    if (!committedByThisRun(table)) {
      return OptionalInt.empty();
    }
    // once: a table whose listing is refused is left to the daily removal
    startedAt.remove(identifier);
    ReferencedFiles referenced = ReferencedFiles.of(table);
    String metadata = ReferencedFiles.normalized(table.properties().getOrDefault(
        TableProperties.WRITE_METADATA_LOCATION, table.location().replaceAll("/+$", "") + "/metadata")) + "/";
    int deleted = 0;
    for (FileInfo file : OrphanFiles.listed(table, listing, referenced)) {
      String location = ReferencedFiles.normalized(file.location());
      if (file.createdAtMillis() < started && dataFile(location) && !location.startsWith(metadata)
          && !referenced.named().contains(location)) {
        table.io().deleteFile(file.location());
        deleted++;
      }
    }
    return OptionalInt.of(deleted);
  }

  /** Whether the table's newest checkpoint commit is this run's. */
  private boolean committedByThisRun(Table table) {
    return PipelineCommits.ancestry(table).filter(PipelineCommits::ofACheckpoint).findFirst()
        .filter(this::ofThisRun).isPresent();
  }

  private boolean ofThisRun(Snapshot commit) {
    return jobId.equals(commit.summary().get(PipelineCommits.JOB_ID))
        && Long.parseLong(commit.summary().get(SnapshotExpiry.COMMITTED_CHECKPOINT)) > restoredCheckpoint;
  }

  private static boolean dataFile(String location) {
    String name = location.substring(location.lastIndexOf('/') + 1);
    return !OrphanFiles.hidden(location) && !name.contains(CompactionLease.OPERATION_PREFIX)
        && DATA_FILE_SUFFIXES.stream().anyMatch(name::endsWith);
  }
}
