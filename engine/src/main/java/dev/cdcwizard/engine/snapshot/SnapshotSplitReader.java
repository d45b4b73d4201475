package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.PermanentServerErrors;
import dev.cdcwizard.engine.record.ChangeRecord;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.apache.flink.api.connector.source.ReaderOutput;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.iceberg.DataFile;

/**
 * Copies the splits the enumerator hands out, one at a time, in a thread of its own so the task
 * stays free for checkpoints, and reports each with its files. Its only records are the rows copied so
 * far ({@link ChangeRecord#copied}), which the job counts as progress, and, last, the copy's commit
 * ({@link ChangeRecord#copyCommitted}) for the job's table watch. It keeps no state: a restart
 * during the copy starts the whole snapshot over ({@link SnapshotSplitEnumerator}).
 */
final class SnapshotSplitReader implements SourceReader<ChangeRecord, SnapshotSplit> {
  private static final PermanentServerErrors COPY_ERRORS = PermanentServerErrors.ofCopy();
  private final SourceReaderContext context;
  private final SplitCopiers copiers;
  private final ExecutorService copying;
  private final Queue<SnapshotSplit> assigned = new ArrayDeque<>();
  private final Queue<SplitCopied> done = new ConcurrentLinkedQueue<>();
  private final Object availability = new Object();
  private CompletableFuture<Void> available = new CompletableFuture<>();
  private volatile Throwable failure;
  private volatile SplitCopier copier;
  private volatile Progress progress;
  private boolean busy;
  private boolean noMoreSplits;
  private CopyCommitted committed;

  SnapshotSplitReader(SourceReaderContext context, SplitCopiers copiers) {
    this.context = context;
    this.copiers = copiers;
    this.copying = Executors.newSingleThreadExecutor(runnable -> {
      Thread thread = new Thread(runnable, "cdc-wizard-snapshot-reader-" + context.getIndexOfSubtask());
      thread.setDaemon(true);
      return thread;
    });
  }

  @Override
  public void start() {
    context.sendSourceEventToCoordinator(new SnapshotSplitRequest());
  }

  @Override
  public InputStatus pollNext(ReaderOutput<ChangeRecord> output) {
    synchronized (availability) {
      if (available.isDone()) {
        available = new CompletableFuture<>();
      }
    }
    if (failure != null) {
      Optional<PipelineStopException> stop = COPY_ERRORS.stopFor(failure);
      if (stop.isPresent()) {
        throw new SuppressRestartsException(stop.get());
      }
      throw new FlinkRuntimeException("Copying a snapshot split failed", failure);
    }
    Progress copying = progress;
    if (copying != null) {
      copying.emit(output);
    }
    SplitCopied split;
    while ((split = done.poll()) != null) {
      busy = false;
      context.sendSourceEventToCoordinator(split);
      context.sendSourceEventToCoordinator(new SnapshotSplitRequest());
    }
    copyNext();
    if (committed != null) {
      output.collect(ChangeRecord.copyCommitted(committed.tablesSeen(), committed.copiedNow()));
      committed = null;
    }
    if (noMoreSplits && !busy && assigned.isEmpty()) {
      return InputStatus.END_OF_INPUT;
    }
    return InputStatus.NOTHING_AVAILABLE;
  }

  private void copyNext() {
    SnapshotSplit split = busy ? null : assigned.poll();
    if (split != null) {
      busy = true;
      copying.execute(() -> copy(split));
    }
  }

  /** In the copying thread. */
  private void copy(SnapshotSplit split) {
    try {
      if (copier == null) {
        copier = copiers.open(split.snapshotName(), context.getIndexOfSubtask());
      }
      Progress rows = new Progress(copiers.tables().get(split.pages().table()).emitted());
      progress = rows;
      copier.copy(split.pages(), rows);
      Map<String, List<DataFile>> files = new LinkedHashMap<>();
      copier.takeFiles().forEach((table, written) -> files.put(table.toString(), new ArrayList<>(written)));
      done.add(new SplitCopied(split.id(), rows.sum(), files));
    } catch (Throwable e) {
      failure = e;
    } finally {
      signal();
    }
  }

  /** The rows of the split under way, counted by the copy; the task says how many every so many. */
  private final class Progress extends LongAdder {
    private static final long EVERY = 65_536;
    private final TableId table;
    private long emitted;

    Progress(TableId table) {
      this.table = table;
    }

    @Override
    public void add(long rows) {
      long before = sum();
      super.add(rows);
      if ((before + rows) / EVERY != before / EVERY) {
        signal();
      }
    }

    /** In the task's thread. */
    void emit(ReaderOutput<ChangeRecord> output) {
      long now = sum();
      if (now > emitted) {
        output.collect(ChangeRecord.copied(table, now - emitted));
        emitted = now;
      }
    }
  }

  private void signal() {
    synchronized (availability) {
      available.complete(null);
    }
  }

  @Override
  public CompletableFuture<Void> isAvailable() {
    synchronized (availability) {
      return available;
    }
  }

  @Override
  public void addSplits(List<SnapshotSplit> splits) {
    assigned.addAll(splits);
    signal();
  }

  @Override
  public void notifyNoMoreSplits() {
    noMoreSplits = true;
    signal();
  }

  /**
   * {@link CopyCommitted}, followed by no more splits; {@link SnapshotOver}: asked after the job had gone on to
   * its stream, the reader ends as with no more splits.
   */
  @Override
  public void handleSourceEvents(SourceEvent event) {
    if (event instanceof CopyCommitted copyCommitted) {
      committed = copyCommitted;
      signal();
    } else if (event instanceof SnapshotOver) {
      notifyNoMoreSplits();
    }
  }

  @Override
  public List<SnapshotSplit> snapshotState(long checkpointId) {
    return List.of();
  }

  /** Stops the copy under way; what it wrote and did not report is deleted. */
  @Override
  public void close() throws Exception {
    SplitCopier current = copier;
    if (current != null) {
      current.cancel();
    }
    copying.shutdown();
    if (copying.awaitTermination(30, TimeUnit.SECONDS) && copier != null) {
      copier.close();
    }
  }
}
