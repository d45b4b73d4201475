package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.PreparedPipeline;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The engine's own snapshot: its splits copied in the exported snapshot by {@code parallelism} reader
 * threads of this process, each taking the next split when done with one, and appended to the
 * pipeline's empty Iceberg tables (or copied into its empty PostgreSQL tables,
 * {@link PostgresTargetCopier}). Not a Flink job: it needs neither Flink's scheduling nor its
 * checkpoints (the exported snapshot dies with its session, so a snapshot that stops half-way is
 * redone, never resumed), and so a cold process copies before its embedded Flink starts, with both
 * cores.
 * The Iceberg commit comes once every reader is done.
 */
public final class SnapshotCopy {
  private final ConcurrentLinkedQueue<CopySplit> splits;
  private final Map<TableId, LongAdder> copied = new LinkedHashMap<>();
  private final Map<TableId, TableId> emitted = new HashMap<>();
  private final List<SplitCopier> copiers = new CopyOnWriteArrayList<>();
  private final List<Throwable> failures = new CopyOnWriteArrayList<>();
  private final Map<TableIdentifier, List<DataFile>> files = new LinkedHashMap<>();
  private final CompletableFuture<Void> result = new CompletableFuture<>();
  private volatile boolean cancelled;

  /** What must hold of a copy once every reader is done, for it to be committed. */
  private interface CopyCheck {
    void run() throws Exception;
  }

  private SnapshotCopy(SnapshotPlan plan) {
    this.splits = new ConcurrentLinkedQueue<>(plan.splits());
    plan.tables().forEach((source, table) -> {
      copied.put(source, new LongAdder());
      emitted.put(source, table.emitted());
    });
  }

  /** Starts the reader threads; {@link #result()} completes once the snapshot is in the target. */
  public static SnapshotCopy start(PreparedPipeline prepared, SnapshotPlan plan, String snapshotName) {
    SnapshotCopy copy = new SnapshotCopy(plan);
    PipelineDefinition definition = prepared.definition();
    int readerCount = Math.max(1, Math.min(definition.pipeline().get(PipelineOptions.PARALLELISM),
        plan.splits().size()));
    SplitCopiers copiers = SplitCopiers.of(prepared, plan);
    copy.run(readerCount, copiers, snapshotName,
        () -> RewrittenDuringCopy.requireNone(copiers.source(), snapshotName, plan.tables().keySet()));
    return copy;
  }

  /** Completes when the snapshot is in the target; exceptionally when it failed or was cancelled. */
  public CompletableFuture<Void> result() {
    return result;
  }

  /** Rows copied so far, per table, named as {@link PipelineProgress#fromAccumulators} reads them. */
  public Map<String, Long> rowsCopied() {
    Map<String, Long> rows = new LinkedHashMap<>();
    copied.forEach((source, count) ->
        rows.merge(PipelineProgress.SNAPSHOT_ROWS_PREFIX + emitted.get(source), count.sum(), Long::sum));
    return rows;
  }

  /** Stops the readers: nothing is committed, and the result completes exceptionally. */
  public void cancel() {
    cancelled = true;
    copiers.forEach(SplitCopier::cancel);
  }

  private void run(int readers, SplitCopiers target, String snapshotName, CopyCheck check) {
    // the Iceberg files' commit at the end; none for PostgreSQL, whose splits commit themselves
    SnapshotCommitter committer = target.committer(snapshotName).orElse(null);
    List<Thread> threads = new ArrayList<>();
    for (int index = 0; index < readers; index++) {
      int reader = index;
      Thread thread = new Thread(() -> read(target, snapshotName, reader), "cdc-wizard-snapshot-reader-" + index);
      thread.setDaemon(true);
      threads.add(thread);
    }
    Thread coordinator = new Thread(() -> {
      try {
        target.beforeCopy();
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
          thread.join();
        }
        if (failures.isEmpty() && !cancelled) {
          checkCopy(check);
        }
        if (failures.isEmpty() && !cancelled) {
          target.afterCopy();
          if (committer != null) {
            committer.commit(files);
          }
          result.complete(null);
          return;
        }
        if (committer != null) {
          // a reader that was done before another failed handed its files over
          committer.discard(files);
        }
        result.completeExceptionally(cancelled ? new SnapshotCancelledException() : failures.get(0));
      } catch (Throwable e) {
        result.completeExceptionally(e);
      }
    }, "cdc-wizard-snapshot");
    coordinator.setDaemon(true);
    coordinator.start();
  }

  private void checkCopy(CopyCheck check) {
    try {
      check.run();
    } catch (Exception e) {
      failures.add(e);
    }
  }

  private void read(SplitCopiers target, String snapshotName, int index) {
    try (SplitCopier copier = target.open(snapshotName, index)) {
      copiers.add(copier);
      if (cancelled) {
        return;
      }
      CopySplit split;
      while (!cancelled && failures.isEmpty() && (split = splits.poll()) != null) {
        copier.copy(split, copied.get(split.table()));
      }
      if (!cancelled && failures.isEmpty()) {
        synchronized (files) {
          copier.takeFiles().forEach((table, written) ->
              files.computeIfAbsent(table, key -> new ArrayList<>()).addAll(written));
        }
      }
    } catch (Throwable e) {
      if (!cancelled) {
        failures.add(e);
        // the other readers' rows are lost with this one's: stop them
        copiers.forEach(SplitCopier::cancel);
      }
    }
  }
}
