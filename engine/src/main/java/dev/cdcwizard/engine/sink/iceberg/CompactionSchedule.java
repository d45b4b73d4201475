package dev.cdcwizard.engine.sink.iceberg;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.exceptions.ValidationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code sink.compaction.enabled}, run by the job wherever it runs ({@link CompactionOperator}): each target table is compacted
 * ({@link TableCompaction}) once the pipeline has committed to it {@code sink.compaction.commit.interval}
 * times since its last compaction and, with {@code sink.compaction.delete-percent}, once the rows its delete
 * files remove reach that share of its rows (the whole table rewritten) or, before that, once it holds
 * {@value #SMALL_FILES_TO_COMPACT} more data files than files of the target size would hold its bytes (its small
 * files only, each with its deletes applied, {@link TableCompaction#compactSmallFiles}); both read from its
 * current snapshot's totals, not its manifests: a large table is rewritten whole when its deletes slow its
 * reads, not every few commits, and the small file each checkpoint adds is gathered meanwhile at the cost of
 * the small files. Checked once per checkpoint interval, on a thread of its own, so a
 * compaction never holds up the stream; a compaction that meets a conflicting commit is tried again at
 * the next check. After each compaction, and once an hour whether a compaction was due or not (first at the
 * first check), the table's snapshots are expired as its {@code history.expire.*} properties say (Iceberg's
 * defaults: older than 5 days, at least one kept), never the pipeline's newest commit ({@link SnapshotExpiry}):
 * a table the pipeline commits to every few seconds would otherwise keep every snapshot, and the files
 * compaction replaced, for its life (a table that only grows never reaches a delete share). Once a day (first at
 * the first check) each table's orphan files older than {@code sink.compaction.orphan-files.older-than} go
 * ({@link OrphanFiles}): what killed jobs and failed commits left would otherwise stay for the table's life; what a
 * compaction killed before its commit wrote goes a minute after it died ({@link CompactionLease}), the data files
 * an earlier run of the job never committed once this run has committed to the table ({@link KilledJobFiles}).
 */
public final class CompactionSchedule implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CompactionSchedule.class);
  private static final Duration ORPHANS_EVERY = Duration.ofDays(1);
  private static final Duration EXPIRY_EVERY = Duration.ofHours(1);
  /** As the table health's "compaction advised" for small files. */
  static final int SMALL_FILES_TO_COMPACT = 100;

  private final Catalog catalog;
  private final List<TableIdentifier> tables;
  private final int interval;
  private final int deletePercent;
  private final Duration orphanFilesOlderThan;
  /** When each table's orphan files were last looked at, in this schedule's life. */
  private final Map<TableIdentifier, Long> orphansLookedAt = new HashMap<>();
  /** The data files of each table whose small files a compaction found nothing to gather in, in this schedule's life. */
  private final Map<TableIdentifier, Long> settledDataFiles = new HashMap<>();
  /** When each table was last looked at for what a killed compaction left, in this schedule's life. */
  private final Map<TableIdentifier, Long> deadCompactionsLookedAt = new HashMap<>();
  /** When each table's snapshots were last expired, in this schedule's life. */
  private final Map<TableIdentifier, Long> expiredAt = new HashMap<>();
  private final KilledJobFiles killedJobFiles;
  private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(runnable -> {
    Thread daemon = new Thread(runnable, "iceberg-compaction");
    daemon.setDaemon(true);
    return daemon;
  });
  private boolean failing;

  CompactionSchedule(Catalog catalog, List<TableIdentifier> tables, CompactionPlan plan,
      KilledJobFiles killedJobFiles) {
    this.catalog = catalog;
    this.killedJobFiles = killedJobFiles;
    this.tables = List.copyOf(tables);
    this.interval = plan.commitInterval();
    this.deletePercent = plan.deletePercent();
    this.orphanFilesOlderThan = plan.orphanFilesOlderThan();
  }

  /**
   * Looks at the plan's tables from now on, every {@link CompactionPlan#checkEverySeconds()}; first reads the
   * store's time for each, which must be before any checkpoint of the job: what earlier runs of the job left
   * uncommitted is told by it ({@link KilledJobFiles}).
   *
   * @param jobId the job's id, as its committer writes it
   * @param restoredCheckpoint the checkpoint or savepoint the job restored, 0 for none
   */
  public static CompactionSchedule start(CompactionPlan plan, String jobId, long restoredCheckpoint) {
    List<TableIdentifier> tables = plan.tables().stream().map(IcebergCatalogs::identifier).toList();
    KilledJobFiles killed = new KilledJobFiles(jobId, restoredCheckpoint);
    Catalog catalog = plan.catalogLoader().loadCatalog();
    for (TableIdentifier identifier : tables) {
      try {
        if (catalog.tableExists(identifier)) {
          killed.started(identifier, catalog.loadTable(identifier));
        }
      } catch (RuntimeException e) {
        LOG.warn("Could not read the store's time for {}: what earlier runs left uncommitted goes with the daily"
            + " orphan removal", identifier, e);
      }
    }
    CompactionSchedule schedule = new CompactionSchedule(catalog, tables, plan, killed);
    long every = plan.checkEverySeconds();
    schedule.thread.scheduleWithFixedDelay(schedule::check, every, every, TimeUnit.SECONDS);
    LOG.info("Compacting {} every {} commits of the pipeline, once deletes remove {}% of the rows or small files"
        + " pile up", tables, schedule.interval, schedule.deletePercent);
    return schedule;
  }

  void check() {
    for (TableIdentifier identifier : tables) {
      try {
        if (!catalog.tableExists(identifier)) {
          continue;
        }
        Table table = catalog.loadTable(identifier);
        removeDeadCompactionsWhenDue(identifier, table);
        removeKilledJobFiles(identifier, table);
        Optional<TableCompaction.Compacted> done = compactWhenDue(identifier, table);
        if (done.isPresent() && done.get().rewritten()) {
          TableCompaction.Compacted compacted = done.get();
          LOG.info("Compacted {}: {} data and {} delete files into {} ({} rows, {} data files left as they were), data manifests"
              + " {} -> {}", identifier, compacted.dataFilesBefore(), compacted.deleteFilesBefore(),
              compacted.dataFilesAfter(), compacted.rows(), compacted.dataFilesKept(), compacted.manifestsBefore(),
              compacted.manifestsAfter());
          // the files the compaction replaced go once no snapshot the table keeps references them
          expire(identifier, table);
        }
        Long lastExpiry = expiredAt.get(identifier);
        if (lastExpiry == null || System.currentTimeMillis() - lastExpiry >= EXPIRY_EVERY.toMillis()) {
          expire(identifier, table);
        }
        removeOrphansWhenDue(identifier, table);
        failing = false;
      } catch (ValidationException e) {
        LOG.info("Compaction of {} met a commit of the pipeline and is tried again: {}", identifier, e.getMessage());
      } catch (Exception e) {
        if (!failing) {
          LOG.warn("Could not compact {}; trying again at the next check", identifier, e);
        }
        failing = true;
      }
    }
  }

  /**
   * The whole table once its deletes reach the share, else its small files once they pile up; nothing before
   * the commit interval since the last compaction. Small files that a compaction leaves (one alone in each of
   * many partitions) still count as piled up: they are looked at again only once the table holds
   * {@value #SMALL_FILES_TO_COMPACT} more data files, not planned again at every check to find nothing.
   */
  Optional<TableCompaction.Compacted> compactWhenDue(TableIdentifier identifier, Table table)
      throws java.io.IOException {
    if (commitsSinceCompaction(table, interval) < interval) {
      return Optional.empty();
    }
    Snapshot current = table.currentSnapshot();
    long dataFiles = total(current, SnapshotSummary.TOTAL_DATA_FILES_PROP);
    if (deletesReach(current, deletePercent)) {
      settledDataFiles.remove(identifier);
      return Optional.of(TableCompaction.compact(table));
    }
    if (dataFiles < settledDataFiles.getOrDefault(identifier, 0L)) {
      // fewer files than when nothing was found to gather: emptied or compacted since, counted afresh
      settledDataFiles.remove(identifier);
    }
    if (!smallFilesPileUp(current, TableCompaction.targetFileSize(table))
        || dataFiles < settledDataFiles.getOrDefault(identifier, 0L) + SMALL_FILES_TO_COMPACT) {
      return Optional.empty();
    }
    TableCompaction.Compacted compacted = TableCompaction.compactSmallFiles(table);
    if (compacted.rewritten()) {
      settledDataFiles.remove(identifier);
    } else {
      settledDataFiles.put(identifier, dataFiles);
    }
    return Optional.of(compacted);
  }

  private void expire(TableIdentifier identifier, Table table) {
    SnapshotExpiry.Expired expired = SnapshotExpiry.expire(table, Optional.empty(), Optional.empty());
    expiredAt.put(identifier, System.currentTimeMillis());
    if (expired.expired() > 0) {
      LOG.info("Expired {} of {} snapshots of {} ({} files deleted)", expired.expired(), expired.snapshotsBefore(),
          identifier, expired.filesDeleted());
    }
  }

  /**
   * What a compaction killed before its commit wrote ({@link CompactionLease}), looked for once a minute whether
   * a compaction is due or not: a pipeline that commits nothing more would otherwise keep it.
   */
  private void removeDeadCompactionsWhenDue(TableIdentifier identifier, Table table) {
    long now = System.currentTimeMillis();
    Long lookedAt = deadCompactionsLookedAt.get(identifier);
    if (lookedAt == null || now - lookedAt >= CompactionLease.EXPIRY.toMillis()) {
      CompactionLease.removeDead(table);
      deadCompactionsLookedAt.put(identifier, now);
    }
  }

  private void removeKilledJobFiles(TableIdentifier identifier, Table table) {
    try {
      killedJobFiles.removeOnceCommitted(identifier, table).ifPresent(deleted -> LOG.info(
          "Deleted {} files of {} that earlier runs of the job wrote and never committed", deleted, identifier));
    } catch (OrphanFiles.RefusedException e) {
      LOG.info("Left what earlier runs wrote to {} to the daily orphan removal: {}", identifier, e.getMessage());
    }
  }

  private void removeOrphansWhenDue(TableIdentifier identifier, Table table) {
    long now = System.currentTimeMillis();
    Long lookedAt = orphansLookedAt.get(identifier);
    if (orphanFilesOlderThan.isZero() || lookedAt != null && now - lookedAt < ORPHANS_EVERY.toMillis()) {
      return;
    }
    try {
      OrphanFiles.Removal removal = OrphanFiles.remove(table, orphanFilesOlderThan, false);
      LOG.info("Deleted {} orphan files of {} ({} bytes), written before {}", removal.orphans().size(), identifier,
          removal.orphanBytes(), removal.keptAfter());
      orphansLookedAt.put(identifier, now);
    } catch (OrphanFiles.RefusedException e) {
      // before the pipeline's first commit the copy may be writing: looked at again at the next check
      if (e.refusal() != OrphanFiles.Refusal.NO_COMMIT_OF_THE_PIPELINE) {
        LOG.info("Left the files of {} as they are: {}", identifier, e.getMessage());
        orphansLookedAt.put(identifier, now);
      }
    }
  }

  /** The pipeline's commits since the table's last compaction (a {@code replace}), counted up to {@code upTo}. */
  static int commitsSinceCompaction(Table table, int upTo) {
    table.refresh();
    int commits = 0;
    for (Snapshot snapshot = table.currentSnapshot(); snapshot != null && commits < upTo;
        snapshot = snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId())) {
      if (DataOperations.REPLACE.equals(snapshot.operation())) {
        break;
      }
      if (snapshot.summary().containsKey(SnapshotExpiry.COMMITTED_CHECKPOINT)) {
        commits++;
      }
    }
    return commits;
  }

  /**
   * Whether the rows the delete files of {@code snapshot} remove (its summary's totals of equality and
   * position delete rows) reach {@code percent} of its rows; always for 0.
   */
  static boolean deletesReach(Snapshot snapshot, int percent) {
    if (percent == 0) {
      return true;
    }
    if (snapshot == null) {
      return false;
    }
    long records = total(snapshot, SnapshotSummary.TOTAL_RECORDS_PROP);
    long deletes = total(snapshot, SnapshotSummary.TOTAL_EQ_DELETES_PROP)
        + total(snapshot, SnapshotSummary.TOTAL_POS_DELETES_PROP);
    return deletes > 0 && deletes * 100 >= percent * records;
  }

  /**
   * Whether {@code snapshot} has {@value #SMALL_FILES_TO_COMPACT} data files more than files of
   * {@code targetFileSize} its bytes would fill.
   */
  static boolean smallFilesPileUp(Snapshot snapshot, long targetFileSize) {
    if (snapshot == null) {
      return false;
    }
    long bytes = total(snapshot, SnapshotSummary.TOTAL_FILE_SIZE_PROP);
    long filled = (bytes + targetFileSize - 1) / targetFileSize;
    return total(snapshot, SnapshotSummary.TOTAL_DATA_FILES_PROP) - filled >= SMALL_FILES_TO_COMPACT;
  }

  private static long total(Snapshot snapshot, String property) {
    return Long.parseLong(snapshot.summary().getOrDefault(property, "0"));
  }

  @Override
  public void close() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    IcebergCatalogs.closeQuietly(catalog);
  }
}
