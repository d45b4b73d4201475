package dev.cdcwizard.engine.preview;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.preview.TableHealth.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileContent;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Reads a table's health from its manifests (the live files of the current snapshot) and its snapshot
 * list: never a data file. The thresholds follow what makes a streaming CDC table slow to read: each
 * equality delete file is joined with every data file it may apply to, deleted rows are still read
 * and dropped, small files cost a request each, and every snapshot keeps its files.
 */
public final class TableHealthReader {
  /** Equality delete files from which a read visibly pays for them; a few checkpoints' worth of updates. */
  static final long ADVISED_EQUALITY_DELETE_FILES = 10;
  static final long URGENT_EQUALITY_DELETE_FILES = 100;
  /** Share of the rows in data files that deletes remove: read for nothing. */
  static final double ADVISED_DELETED_SHARE = 0.10;
  static final double URGENT_DELETED_SHARE = 0.50;
  /** Below this many rows a table reads fast whatever share of them is deleted. */
  static final long MIN_ROWS_FOR_DELETED_SHARE = 10_000;
  /** Data files below this average size are small; Iceberg's default target is 512 MB. */
  static final long SMALL_FILE_BYTES = 32L * 1024 * 1024;
  static final long ADVISED_SMALL_FILES = 100;
  static final long URGENT_SMALL_FILES = 1000;
  /** Snapshots from which expiring them is advised: each one keeps the files it referenced. */
  static final long ADVISED_SNAPSHOTS = 500;

  private TableHealthReader() {}

  public static TableHealth read(String name, Table table) {
    long dataFiles = 0;
    long dataBytes = 0;
    long dataRows = 0;
    long smallest = 0;
    long equalityFiles = 0;
    long equalityRows = 0;
    long positionFiles = 0;
    long positionRows = 0;
    Set<String> seenDeletes = new HashSet<>();
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      for (FileScanTask task : tasks) {
        long size = task.file().fileSizeInBytes();
        smallest = dataFiles == 0 ? size : Math.min(smallest, size);
        dataFiles++;
        dataBytes += size;
        dataRows += task.file().recordCount();
        for (DeleteFile delete : task.deletes()) {
          // a delete file applies to many data files; count it once
          if (!seenDeletes.add(delete.location())) {
            continue;
          }
          if (delete.content() == FileContent.EQUALITY_DELETES) {
            equalityFiles++;
            equalityRows += delete.recordCount();
          } else {
            positionFiles++;
            positionRows += delete.recordCount();
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    long snapshots = 0;
    Optional<Instant> lastCompaction = Optional.empty();
    for (Snapshot snapshot : table.snapshots()) {
      snapshots++;
      if (DataOperations.REPLACE.equals(snapshot.operation())) {
        Instant at = Instant.ofEpochMilli(snapshot.timestampMillis());
        lastCompaction = lastCompaction.filter(known -> known.isAfter(at)).or(() -> Optional.of(at));
      }
    }
    long average = dataFiles == 0 ? 0 : dataBytes / dataFiles;
    List<UserMessage> advised = new ArrayList<>();
    List<UserMessage> urgent = new ArrayList<>();
    judge(equalityFiles, ADVISED_EQUALITY_DELETE_FILES, URGENT_EQUALITY_DELETE_FILES,
        UserMessage.of(TableHealthMessage.EQUALITY_DELETE_FILES, equalityFiles), advised, urgent);
    double deletedShare = dataRows == 0 ? 0 : (double) (equalityRows + positionRows) / dataRows;
    if (dataRows >= MIN_ROWS_FOR_DELETED_SHARE && deletedShare >= ADVISED_DELETED_SHARE) {
      UserMessage reason = UserMessage.of(TableHealthMessage.DELETED_SHARE, Math.round(deletedShare * 100));
      (deletedShare >= URGENT_DELETED_SHARE ? urgent : advised).add(reason);
    }
    if (average < SMALL_FILE_BYTES) {
      judge(dataFiles, ADVISED_SMALL_FILES, URGENT_SMALL_FILES,
          UserMessage.of(TableHealthMessage.SMALL_FILES, dataFiles, ByteSizes.format(average)), advised, urgent);
    }
    if (snapshots >= ADVISED_SNAPSHOTS) {
      advised.add(UserMessage.of(TableHealthMessage.SNAPSHOTS, snapshots));
    }
    Verdict verdict = !urgent.isEmpty() ? Verdict.URGENT : !advised.isEmpty() ? Verdict.COMPACTION_ADVISED
        : Verdict.HEALTHY;
    List<UserMessage> reasons = new ArrayList<>(urgent);
    reasons.addAll(advised);
    return new TableHealth(name, dataFiles, smallest, average, dataBytes, dataRows, equalityFiles, equalityRows,
        positionFiles, positionRows, snapshots, lastCompaction, verdict, reasons);
  }

  private static void judge(long count, long advisedFrom, long urgentFrom, UserMessage reason,
      List<UserMessage> advised, List<UserMessage> urgent) {
    if (count >= urgentFrom) {
      urgent.add(reason);
    } else if (count >= advisedFrom) {
      advised.add(reason);
    }
  }
}
