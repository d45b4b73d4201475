package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.ContentFile;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.ManifestFiles;
import org.apache.iceberg.ManifestReader;
import org.apache.iceberg.PartitionKey;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericAppenderFactory;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.exceptions.CommitFailedException;
import org.apache.iceberg.exceptions.CommitStateUnknownException;
import org.apache.iceberg.exceptions.ValidationException;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.OutputFileFactory;
import org.apache.iceberg.io.PartitionedFanoutWriter;
import org.apache.iceberg.io.TaskWriter;
import org.apache.iceberg.io.UnpartitionedWriter;
import org.apache.iceberg.util.PropertyUtil;
import org.apache.iceberg.util.StructLikeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rewrites an Iceberg target table's live data files into files of the table's target size, with every
 * delete applied, and drops the delete files that then apply to nothing: what a streaming CDC table needs
 * after hours of equality deletes ({@link #compact}). A compaction of small files only ({@link
 * #compactSmallFiles}, and {@link #compact} of a table without delete files) rewrites the files under three
 * quarters of the target size, as Iceberg's own bin-packing picks them, each with the deletes that apply to it,
 * and leaves the others and their deletes as they are: a table collects a small file per checkpoint, and
 * rewriting its large files again would cost the whole table each time. Safe while the pipeline commits: the
 * new files take the sequence number of the snapshot they were read from, so equality deletes the pipeline
 * commits meanwhile still apply to them and the older ones, applied, no longer do; a delete file is dropped
 * only when it applies to no file left; and Iceberg's validation refuses the commit if a position delete for
 * a rewritten file came in since (the pipeline writes those only for files of its own commit, never for older
 * ones).
 */
public final class TableCompaction {
  private static final Logger LOG = LoggerFactory.getLogger(TableCompaction.class);

  private TableCompaction() {}

  /**
   * What a compaction did; {@code rewritten} is false when there was nothing to compact.
   *
   * @param dataFilesBefore the data files rewritten, or the live ones when nothing was
   * @param dataFilesKept the data files left as they were: of the target size, or small and alone in their partition
   * @param manifestsBefore the data manifests before they were rewritten, 0 when they were not
   * @param manifestsAfter the data manifests after
   */
  public record Compacted(boolean rewritten, int dataFilesBefore, int deleteFilesBefore, int dataFilesAfter,
      long rows, int dataFilesKept, int manifestsBefore, int manifestsAfter) {}

  /**
   * How far a compaction has come, told every {@value #PROGRESS_EVERY} rows from the thread that compacts: rows
   * written of those its files held before their deletes (a first report of none written, a last of all).
   */
  @FunctionalInterface
  public interface Progress {
    Progress NONE = (written, planned) -> { };

    void rows(long written, long planned);
  }

  private static final int PROGRESS_EVERY = 10_000;

  /** Compacts the pipeline's Iceberg target {@code table}, loaded from the pipeline's catalog. */
  public static Compacted compact(PipelineDefinition definition, TableIdentifier table, Progress progress)
      throws IOException {
    Catalog catalog = IcebergCatalogs.loader(definition).loadCatalog();
    try {
      return compact(catalog.loadTable(table), false, progress);
    } finally {
      IcebergCatalogs.closeQuietly(catalog);
    }
  }

  /** Every live file of a table with delete files; only the small ones of a table without. */
  public static Compacted compact(Table table) throws IOException {
    return compact(table, false, Progress.NONE);
  }

  /** As {@link #compact(Table)}, telling its progress. */
  public static Compacted compact(Table table, Progress progress) throws IOException {
    return compact(table, false, progress);
  }

  /** The small data files only, each with its deletes applied; the others and their deletes stay. */
  public static Compacted compactSmallFiles(Table table) throws IOException {
    return compact(table, true, Progress.NONE);
  }

  private static Compacted compact(Table table, boolean smallFilesOnly, Progress progress) throws IOException {
    CompactionLease.removeDead(table);
    Rewrite rewrite = Rewrite.plan(table);
    if (rewrite == null) {
      return new Compacted(false, 0, 0, 0, 0, 0, 0, 0);
    }
    if (smallFilesOnly || rewrite.deleteFiles.isEmpty()) {
      rewrite.leaveSettledFiles();
      if (rewrite.tasks.size() <= 1) {
        int live = rewrite.tasks.size() + rewrite.kept;
        return new Compacted(false, live, 0, live, 0, rewrite.kept, 0, 0);
      }
    }
    rewrite.write(progress);
    rewrite.commit();
    int manifestsBefore = dataManifests(table);
    boolean manifestsRewritten = manifestsBefore > 1 && rewriteManifests(table);
    return new Compacted(true, rewrite.tasks.size(), rewrite.deleteFiles.size(), rewrite.written.size(),
        rewrite.rows, rewrite.kept, manifestsRewritten ? manifestsBefore : 0, dataManifests(table));
  }

  /**
   * Gathers the data manifests into as few as the table's manifest target size allows: every commit of
   * the pipeline adds manifests, and a compaction leaves the replaced files' entries in them, all of which
   * a query planner opens. Iceberg redoes the rewrite on the manifests a concurrent commit left.
   */
  private static boolean rewriteManifests(Table table) {
    try {
      // one cluster: Iceberg splits it by spec and by the manifest target size
      table.rewriteManifests().rewriteIf(manifest -> true).clusterBy(file -> "all").commit();
      return true;
    } catch (ValidationException | CommitFailedException e) {
      // the compacted files are committed; the manifests stay as they were, a next compaction gathers them
      LOG.warn("Left the manifests of {} as they were: {}", table.name(), e.getMessage());
      return false;
    }
  }

  private static int dataManifests(Table table) {
    table.refresh();
    return table.currentSnapshot().dataManifests(table.io()).size();
  }

  /** One compaction in its steps: what it reads (planned), what it writes, and its commit. */
  static final class Rewrite {
    private final Table table;
    private final Snapshot start;
    /** The data files to rewrite, by location, each with the delete files that apply to it. */
    private final Map<String, FileScanTask> tasks = new LinkedHashMap<>();
    private final Map<String, DeleteFile> deleteFiles = new LinkedHashMap<>();
    private TaskWriter<Record> writer;
    /** Claims the written files until the commit: a compaction that dies before it leaves them to the next. */
    private CompactionLease lease;
    private List<DataFile> written = List.of();
    private long rows;
    /** Data files left as they are: of the target size, or small and alone in their partition. */
    private int kept;

    private Rewrite(Table table, Snapshot start) {
      this.table = table;
      this.start = start;
    }

    /** The live files of the table's current snapshot; null for a table without one. */
    static Rewrite plan(Table table) throws IOException {
      table.refresh();
      Snapshot start = table.currentSnapshot();
      if (start == null) {
        return null;
      }
      Rewrite rewrite = new Rewrite(table, start);
      try (CloseableIterable<FileScanTask> tasks = table.newScan().useSnapshot(start.snapshotId()).planFiles()) {
        for (FileScanTask task : tasks) {
          rewrite.tasks.putIfAbsent(location(task.file()), task);
          task.deletes().forEach(delete -> rewrite.deleteFiles.putIfAbsent(location(delete), delete));
        }
      }
      rewrite.addDeletesThatApplyToNoFile();
      return rewrite;
    }

    /**
     * The snapshot's delete files that the plan attached to no data file, which apply to nothing: an equality
     * delete of keys inserted above every older file's ids (an upsert deletes before it inserts) or of rows
     * already rewritten. They are dropped with the rewrite: neither its files, of the snapshot's sequence number,
     * nor a later commit's can be deleted by them. Left, they stayed for the table's life, counted in the
     * delete share that asks for a compaction.
     */
    private void addDeletesThatApplyToNoFile() throws IOException {
      for (ManifestFile manifest : start.deleteManifests(table.io())) {
        try (ManifestReader<DeleteFile> deletes = ManifestFiles.readDeleteManifest(manifest, table.io(), table.specs())) {
          for (DeleteFile delete : deletes) {
            deleteFiles.putIfAbsent(location(delete), delete.copyWithoutStats());
          }
        }
      }
    }

    /**
     * Leaves out of the rewrite the data files of at least three quarters of the target size, and a small file
     * alone in its partition (rewritten, it would be as small again), with the delete files that apply to them:
     * only Parquet files, which are read one by one with their deletes.
     */
    void leaveSettledFiles() {
      if (tasks.values().stream().anyMatch(task -> task.file().format() != FileFormat.PARQUET
          || task.start() != 0 || task.length() != task.file().fileSizeInBytes())) {
        return;
      }
      long small = targetFileSize(table) * 3 / 4;
      // by spec and partition value: a path would take a null and the string "null" for one partition
      Map<Integer, StructLikeMap<Long>> smallPerPartition = new java.util.HashMap<>();
      tasks.values().stream().map(FileScanTask::file).filter(file -> file.fileSizeInBytes() < small).forEach(file -> smallPerPartition
          .computeIfAbsent(file.specId(), spec -> StructLikeMap.create(table.specs().get(spec).partitionType()))
          .merge(file.partition(), 1L, Long::sum));
      List<String> left = tasks.entrySet().stream()
          .filter(task -> task.getValue().file().fileSizeInBytes() >= small
              || smallPerPartition.get(task.getValue().file().specId()).get(task.getValue().file().partition()) < 2)
          .map(Map.Entry::getKey).toList();
      // a delete that applies to a file left stays; one that applied only to rewritten files goes with them
      left.forEach(file -> tasks.remove(file).deletes().forEach(delete -> deleteFiles.remove(location(delete))));
      kept = left.size();
    }

    /**
     * Reads the planned snapshot's rows, deletes applied, into new files, in the table's current schema: a
     * column added since the snapshot (no data commit yet) is one the writer writes, and reads as null.
     */
    void write(Progress progress) throws IOException {
      long planned = tasks.values().stream().mapToLong(task -> task.file().recordCount()).sum();
      progress.rows(0, planned);
      lease = CompactionLease.take(table);
      writer = writer(table, lease.operationId());
      try (CloseableIterable<Record> records = kept > 0 ? ParquetRows.read(table, tasks.values())
          : IcebergGenerics.read(table).useSnapshot(start.snapshotId()).project(table.schema()).build()) {
        for (Record record : records) {
          writer.write(record);
          if (++rows % PROGRESS_EVERY == 0) {
            progress.rows(rows, Math.max(planned, rows));
          }
        }
        written = List.of(writer.complete().dataFiles());
        progress.rows(rows, rows);
      } catch (RuntimeException | IOException e) {
        writer.abort();
        lease.close();
        throw e;
      }
    }

    /**
     * Replaces the planned files with the written ones, as of the planned snapshot's sequence number: a
     * delete committed since applies to the new files as it did to the old.
     */
    void commit() throws IOException {
      try {
        lease.confirm(written);
        table.newRewrite()
            .validateFromSnapshot(start.snapshotId())
            .dataSequenceNumber(start.sequenceNumber())
            .rewriteFiles(tasks.values().stream().map(FileScanTask::file).collect(Collectors.toSet()), Set.copyOf(deleteFiles.values()), Set.copyOf(written),
                Set.of())
            .commit();
      } catch (CommitStateUnknownException e) {
        // the commit may have gone through: its files stay until the next compaction finds whether it did
        lease.leaveToTheNextCompaction();
        throw e;
      } catch (RuntimeException e) {
        writer.abort();
        throw e;
      } finally {
        lease.close();
      }
    }
  }

  private static TaskWriter<Record> writer(Table table, String operationId) {
    FileFormat format = FileFormat.fromString(table.properties()
        .getOrDefault(TableProperties.DEFAULT_FILE_FORMAT, TableProperties.DEFAULT_FILE_FORMAT_DEFAULT));
    long targetSize = targetFileSize(table);
    OutputFileFactory files = OutputFileFactory.builderFor(table, 0, 0).format(format)
        .operationId(operationId).build();
    GenericAppenderFactory appenders = new GenericAppenderFactory(table.schema(), table.spec());
    if (table.spec().isUnpartitioned()) {
      return new UnpartitionedWriter<>(table.spec(), format, appenders, files, table.io(), targetSize);
    }
    PartitionKey key = new PartitionKey(table.spec(), table.schema());
    InternalRecordWrapper wrapper = new InternalRecordWrapper(table.schema().asStruct());
    return new PartitionedFanoutWriter<>(table.spec(), format, appenders, files, table.io(), targetSize) {
      @Override
      protected PartitionKey partition(Record row) {
        key.partition(wrapper.wrap(row));
        return key;
      }
    };
  }

  static long targetFileSize(Table table) {
    return PropertyUtil.propertyAsLong(table.properties(), TableProperties.WRITE_TARGET_FILE_SIZE_BYTES,
        TableProperties.WRITE_TARGET_FILE_SIZE_BYTES_DEFAULT);
  }

  private static String location(ContentFile<?> file) {
    return file.location();
  }
}
