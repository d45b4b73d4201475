package dev.cdcwizard.engine.sink.iceberg;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.FileInfo;
import org.apache.iceberg.io.SupportsPrefixOperations;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A compaction's claim on the files it writes until its commit. Iceberg names a file only once committed,
 * so a compaction killed while it writes (kill -9, a lost TaskManager) leaves files no metadata names, which
 * the pipeline's orphan removal takes only days later: it cannot tell them from the files of a checkpoint
 * that a resumed job still commits. A compaction's files are told apart: while it runs, a hidden marker under
 * the table's location names them (by the operation id in their names) and is written again every few
 * seconds; the next compaction deletes the files of a marker left unwritten for {@link #EXPIRY} that no
 * snapshot names, then the marker. Ages are read by the store's clock ({@link StoreClock}), so a
 * machine whose clock is off takes no live compaction for a dead one. A compaction whose marker went (a process
 * stalled for that long, then declared dead) does not commit: before its commit it makes sure its marker and its
 * files are still there.
 */
final class CompactionLease implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(CompactionLease.class);
  static final Duration EXPIRY = Duration.ofMinutes(1);
  private static final Duration RENEW_EVERY = Duration.ofSeconds(5);
  private static final String MARKER_PREFIX = ".compaction-";
  /** What the names of every compaction's files carry, before the compaction's id. */
  static final String OPERATION_PREFIX = "compact-";

  private final FileIO io;
  private final String id;
  private final String marker;
  /**
   * Renews the marker while the process lives; its own, not one of the process: on a session cluster a thread
   * kept by a class of the job would keep the job's class loader after the job ended.
   */
  private final ScheduledExecutorService renewal = Executors.newSingleThreadScheduledExecutor(task -> {
    Thread daemon = new Thread(task, "compaction-lease");
    daemon.setDaemon(true);
    return daemon;
  });
  /** Set once the marker is no longer renewed; a renewal running meanwhile must not write it back. */
  private boolean ended;
  private boolean left;

  private CompactionLease(Table table, String id) {
    this.io = table.io();
    this.id = id;
    this.marker = folder(table) + MARKER_PREFIX + id;
    write();
    long every = RENEW_EVERY.toMillis();
    renewal.scheduleWithFixedDelay(this::renew, every, every, TimeUnit.MILLISECONDS);
  }

  /** Claims the files of a compaction of {@code table} about to write. */
  static CompactionLease take(Table table) {
    return new CompactionLease(table, UUID.randomUUID().toString());
  }

  /** The operation id the compaction's files carry in their names. */
  String operationId() {
    return OPERATION_PREFIX + id;
  }

  /**
   * Makes sure the files can still be committed: the marker was not taken for a dead compaction's (its
   * files deleted, or about to be), and every file is there. Renews the marker.
   *
   * @throws IllegalStateException when they cannot
   */
  synchronized void confirm(Collection<DataFile> written) {
    if (!io.newInputFile(marker).exists()) {
      throw new IllegalStateException("The compaction's marker " + marker + " was removed: it was stalled for over "
          + EXPIRY + " and taken for dead, its files for orphans");
    }
    write();
    for (DataFile file : written) {
      if (!io.newInputFile(file.location()).exists()) {
        throw new IllegalStateException("The compaction's file " + file.location() + " was deleted before its commit");
      }
    }
  }

  /**
   * Stops renewing the marker and leaves it: a commit whose outcome is unknown may have named the files, which
   * the next compaction finds out once the marker expired.
   */
  synchronized void leaveToTheNextCompaction() {
    left = true;
    ended = true;
    renewal.shutdownNow();
  }

  @Override
  public synchronized void close() {
    ended = true;
    renewal.shutdownNow();
    if (!left) {
      io.deleteFile(marker);
    }
  }

  private synchronized void renew() {
    if (ended) {
      return;
    }
    try {
      write();
    } catch (RuntimeException e) {
      LOG.debug("Could not renew the compaction marker {}, trying again: {}", marker, e.getMessage());
    }
  }

  private void write() {
    try (OutputStream out = io.newOutputFile(marker).createOrOverwrite()) {
      out.write(Long.toString(System.currentTimeMillis()).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Deletes what compactions that died before their commit wrote: the files of each marker not written
   * for {@link #EXPIRY} that no snapshot of the table names (one that died after its commit keeps its files),
   * then the marker.
   *
   * @return the files deleted
   */
  static int removeDead(Table table) {
    if (!(table.io() instanceof SupportsPrefixOperations listing)
        || markers(listing, folder(table)).stream().noneMatch(marker -> name(marker).startsWith(MARKER_PREFIX))) {
      return 0;
    }
    List<FileInfo> dead = new ArrayList<>();
    OptionalLong now = StoreClock.now(table);
    markers(listing, folder(table)).stream().filter(marker -> name(marker).startsWith(MARKER_PREFIX)
        && now.isPresent() && marker.createdAtMillis() < now.getAsLong() - EXPIRY.toMillis()).forEach(dead::add);
    if (dead.isEmpty()) {
      return 0;
    }
    table.refresh();
    ReferencedFiles referenced = ReferencedFiles.of(table);
    List<String> operations = dead.stream().map(marker -> OPERATION_PREFIX + name(marker).substring(MARKER_PREFIX.length()))
        .toList();
    int deleted = 0;
    for (FileInfo file : listing.listPrefix(table.location().replaceAll("/+$", "") + "/")) {
      String name = name(file);
      if (!name.startsWith(".") && operations.stream().anyMatch(name::contains)
          && !referenced.named().contains(ReferencedFiles.normalized(file.location()))) {
        table.io().deleteFile(file.location());
        deleted++;
      }
    }
    dead.forEach(marker -> table.io().deleteFile(marker.location()));
    LOG.info("Deleted {} files that {} compactions of {} wrote before they died, uncommitted", deleted, dead.size(),
        table.name());
    return deleted;
  }

  private static String name(FileInfo file) {
    return file.location().substring(file.location().lastIndexOf('/') + 1);
  }

  private static List<FileInfo> markers(SupportsPrefixOperations listing, String folder) {
    List<FileInfo> markers = new ArrayList<>();
    try {
      listing.listPrefix(folder).forEach(markers::add);
    } catch (UncheckedIOException e) {
      if (!(e.getCause() instanceof FileNotFoundException)) {
        throw e;
      }
    }
    return markers;
  }

  private static String folder(Table table) {
    return StoreClock.folder(table);
  }
}
