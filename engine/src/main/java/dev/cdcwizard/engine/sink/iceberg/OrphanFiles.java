package dev.cdcwizard.engine.sink.iceberg;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * Deletes the files under an Iceberg table's location that no snapshot, manifest or metadata file names:
 * what a killed job, a copy stopped before its commit or a failed commit left. A file is kept while it is
 * younger than {@code olderThan}, and whatever its age when it was written less than an hour before the
 * pipeline's second-newest commit or after it: such a file may belong to a checkpoint the pipeline has
 * taken but not committed yet, which it commits when it resumes. Nothing is deleted when a file the metadata names is missing from
 * the listing: the two do not name files alike, and guessing could delete the table's own files.
 */
public final class OrphanFiles {
  /**
   * Before the pipeline's second-newest commit: a commit can end after the next checkpoint's barrier passed
   * the writers, which then write files of the checkpoint after it.
   */
  private static final Duration COMMIT_MARGIN = Duration.ofHours(1);

  private OrphanFiles() {}

  /**
   * What a removal found and did.
   *
   * @param orphans the files no metadata names that were old enough, deleted unless it was a dry run
   * @param keptAfter files written after this stayed, whatever their age: the pipeline's commits
   * @param keptFrom the pipeline's commit that {@code keptAfter} is; null when the age alone decided
   */
  public record Removal(int filesListed, int filesReferenced, List<FileInfo> orphans, int youngOrphans,
      boolean deleted, Instant keptAfter, Snapshot keptFrom) {
    public long orphanBytes() {
      return orphans.stream().mapToLong(FileInfo::size).sum();
    }
  }

  /** The table's files cannot be listed, or the listing and the metadata do not name files alike. */
  public static final class CannotListException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String example;

    CannotListException(String message, String example) {
      super(message);
      this.example = example;
    }

    /** A file the metadata names that the listing did not find; null when the store cannot list. */
    public String example() {
      return example;
    }
  }

  public static Removal remove(Table table, Duration olderThan, boolean dryRun) throws CannotListException {
    return remove(table, olderThan, dryRun, System.currentTimeMillis());
  }

  static Removal remove(Table table, Duration olderThan, boolean dryRun, long now) throws CannotListException {
    if (!(table.io() instanceof SupportsPrefixOperations listing)) {
      throw new CannotListException(table.io().getClass().getName() + " cannot list files", null);
    }
    table.refresh();
    Snapshot keptFrom = secondNewestCommitOfThePipeline(table);
    long cutoff = now - olderThan.toMillis();
    if (keptFrom != null && keptFrom.timestampMillis() - COMMIT_MARGIN.toMillis() < cutoff) {
      cutoff = keptFrom.timestampMillis() - COMMIT_MARGIN.toMillis();
    } else {
      keptFrom = null;
    }
    Set<String> referenced = ReferencedFiles.of(table);
    List<FileInfo> listed = new ArrayList<>();
    listing.listPrefix(table.location()).forEach(listed::add);
    requireEveryReferencedFileListed(table, referenced, listed);
    List<FileInfo> orphans = new ArrayList<>();
    int young = 0;
    for (FileInfo file : listed) {
      if (hidden(file.location()) || referenced.contains(ReferencedFiles.normalized(file.location()))) {
        continue;
      }
      if (file.createdAtMillis() < cutoff) {
        orphans.add(file);
      } else {
        young++;
      }
    }
    if (!dryRun) {
      orphans.forEach(file -> table.io().deleteFile(file.location()));
    }
    return new Removal(listed.size(), referenced.size(), orphans, young, !dryRun, Instant.ofEpochMilli(cutoff),
        keptFrom);
  }

  private static void requireEveryReferencedFileListed(Table table, Set<String> referenced, List<FileInfo> listed)
      throws CannotListException {
    Set<String> found = new HashSet<>();
    listed.forEach(file -> found.add(ReferencedFiles.normalized(file.location())));
    String location = ReferencedFiles.normalized(table.location());
    for (String file : referenced) {
      if (file.startsWith(location + "/") && !found.contains(file)) {
        throw new CannotListException("the listing of " + table.location() + " lacks " + file, file);
      }
    }
  }

  /** Checksums and temporary files of the file system (.crc, _SUCCESS), never a table's. */
  private static boolean hidden(String location) {
    String name = location.substring(location.lastIndexOf('/') + 1);
    return name.startsWith(".") || name.startsWith("_");
  }

  /** The pipeline's commit before its newest, or its only one. */
  private static Snapshot secondNewestCommitOfThePipeline(Table table) {
    Snapshot newest = null;
    for (Snapshot snapshot = table.currentSnapshot(); snapshot != null;
        snapshot = snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId())) {
      if (snapshot.summary().containsKey(SnapshotExpiry.COMMITTED_CHECKPOINT)) {
        if (newest != null) {
          return snapshot;
        }
        newest = snapshot;
      }
    }
    return newest;
  }
}
