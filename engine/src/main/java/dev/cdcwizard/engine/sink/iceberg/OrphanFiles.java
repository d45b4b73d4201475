package dev.cdcwizard.engine.sink.iceberg;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;

/**
 * Deletes the files under an Iceberg table's location that no snapshot, manifest or metadata file names:
 * what a killed job, a copy stopped before its commit or a failed commit left. A file stays while it is
 * younger than {@code olderThan}, and whatever its age when it was written less than an hour before the
 * pipeline's second-newest commit or after it: a checkpoint the pipeline has taken but not committed
 * yet may hold it, and commits it when it resumes. A table the pipeline has not committed to yet is left
 * alone: its copy may be running. Nothing is deleted when a file the table cannot be read without is
 * missing from the listing: the two would not name files alike, and guessing could delete the table's own.
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
   * @param keptAfter files written after this stayed, whatever their age
   * @param keptFrom the pipeline's commit that {@code keptAfter} follows from; null when the age alone decided
   */
  public record Removal(int filesListed, int filesNamed, List<FileInfo> orphans, int youngOrphans,
      Instant keptAfter, Snapshot keptFrom) {
    public long orphanBytes() {
      return orphans.stream().mapToLong(FileInfo::size).sum();
    }
  }

  /** Why a table's files were left alone. */
  public enum Refusal { CANNOT_LIST, LISTING_DIFFERS, NO_COMMIT_OF_THE_PIPELINE, NESSIE }

  /** The table's files were left alone, for {@link #refusal()}. */
  public static final class RefusedException extends Exception {
    private static final long serialVersionUID = 1L;
    private final Refusal refusal;
    private final String example;

    RefusedException(Refusal refusal, String example) {
      super(refusal + (example == null ? "" : ": " + example));
      this.refusal = refusal;
      this.example = example;
    }

    public Refusal refusal() {
      return refusal;
    }

    /** For a listing that differs, a file the table needs that it did not find. */
    public String example() {
      return example;
    }
  }

  public static Removal remove(Table table, Duration olderThan, boolean dryRun) throws RefusedException {
    return remove(table, olderThan, dryRun, System.currentTimeMillis());
  }

  static Removal remove(Table table, Duration olderThan, boolean dryRun, long now) throws RefusedException {
    if (!(table.io() instanceof SupportsPrefixOperations listing)) {
      throw new RefusedException(Refusal.CANNOT_LIST, null);
    }
    // a Nessie branch shares the table's location and names files the current reference cannot see
    if (table instanceof HasTableOperations operations
        && operations.operations().getClass().getName().contains("Nessie")) {
      throw new RefusedException(Refusal.NESSIE, null);
    }
    table.refresh();
    Snapshot keptFrom = secondNewestCommitOfThePipeline(table);
    if (keptFrom == null) {
      throw new RefusedException(Refusal.NO_COMMIT_OF_THE_PIPELINE, null);
    }
    long cutoff = now - olderThan.toMillis();
    if (keptFrom.timestampMillis() - COMMIT_MARGIN.toMillis() < cutoff) {
      cutoff = keptFrom.timestampMillis() - COMMIT_MARGIN.toMillis();
    } else {
      keptFrom = null;
    }
    ReferencedFiles referenced = ReferencedFiles.of(table);
    List<FileInfo> listed = listed(table, listing, referenced);
    List<FileInfo> orphans = new ArrayList<>();
    int young = 0;
    for (FileInfo file : listed) {
      if (hidden(file.location()) || referenced.named().contains(ReferencedFiles.normalized(file.location()))) {
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
    return new Removal(listed.size(), referenced.named().size(), orphans, young, Instant.ofEpochMilli(cutoff),
        keptFrom);
  }

  /**
   * Every file under the table's location, once the listing is known to find every file the table cannot be read
   * without.
   */
  static List<FileInfo> listed(Table table, SupportsPrefixOperations listing, ReferencedFiles referenced)
      throws RefusedException {
    String location = ReferencedFiles.normalized(table.location()) + "/";
    List<FileInfo> listed = new ArrayList<>();
    // the trailing slash: an object store lists by key prefix, and orders_items begins as orders does
    for (FileInfo file : listing.listPrefix(table.location().replaceAll("/+$", "") + "/")) {
      if (ReferencedFiles.normalized(file.location()).startsWith(location)) {
        listed.add(file);
      }
    }
    requireEveryNeededFileListed(referenced, listed, location);
    return listed;
  }

  private static void requireEveryNeededFileListed(ReferencedFiles referenced, List<FileInfo> listed, String location)
      throws RefusedException {
    Set<String> found = new HashSet<>();
    listed.forEach(file -> found.add(ReferencedFiles.normalized(file.location())));
    for (String file : referenced.required()) {
      if (file.startsWith(location) && !found.contains(file)) {
        throw new RefusedException(Refusal.LISTING_DIFFERS, file);
      }
    }
  }

  /** Checksums and temporary files of the file system (.crc, _SUCCESS), never a table's. */
  static boolean hidden(String location) {
    String name = location.substring(location.lastIndexOf('/') + 1);
    return name.startsWith(".") || name.startsWith("_");
  }

  /** The pipeline's commit before its newest, or its only one; null when it has none. */
  private static Snapshot secondNewestCommitOfThePipeline(Table table) {
    List<Snapshot> commits = PipelineCommits.ancestry(table).filter(PipelineCommits::ofThePipeline).limit(2)
        .toList();
    return commits.isEmpty() ? null : commits.get(commits.size() - 1);
  }
}
