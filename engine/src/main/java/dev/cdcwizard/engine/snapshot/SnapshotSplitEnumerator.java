package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineRestartException;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.postgres.PermanentServerErrors;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.stream.ExportedSnapshotSlot;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.util.FlinkRuntimeException;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the engine's own snapshot from the JobManager ({@link OwnSnapshotSource}). It empties the target
 * tables (they hold nothing but what an earlier attempt of this copy wrote), creates the slot, holds its
 * exported snapshot while the readers copy, commits their files once every split is copied, then tells
 * the readers so, with what its snapshot saw of the tables, which ends the source and starts streaming.
 * A reader that restarts while the copy runs fails the job as a whole: its restart comes back here, to a
 * copy from a new slot, since the exported snapshot of this one may be gone and a split a reader had
 * committed cannot be told from one it had not.
 */
final class SnapshotSplitEnumerator implements SplitEnumerator<SnapshotSplit, SnapshotState> {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotSplitEnumerator.class);

  private final SplitEnumeratorContext<SnapshotSplit> context;
  private final PreparedPipelineParts pipeline;
  private final SnapshotPlan plan;
  private final SplitCopiers copiers;
  private final Deque<SnapshotSplit> unassigned = new ArrayDeque<>();
  private final Set<Integer> waiting = new LinkedHashSet<>();
  private final Set<Integer> readers = new HashSet<>();
  private final Set<Integer> copied = new HashSet<>();
  private final Map<String, List<DataFile>> files = new LinkedHashMap<>();
  private SnapshotProgress progress;
  private List<String> tablesSeen;
  private boolean committing;
  /** Whether this run made the copy: a state restored committed says the copy of an earlier one holds the tables. */
  private boolean copiedNow;
  private ExportedSnapshotSlot slot;
  private long rows;

  SnapshotSplitEnumerator(SplitEnumeratorContext<SnapshotSplit> context, PreparedPipelineParts pipeline, SnapshotPlan plan,
      SplitCopiers copiers, SnapshotState state) {
    this.context = context;
    this.pipeline = pipeline;
    this.plan = plan;
    this.copiers = copiers;
    this.progress = plan.splits().isEmpty() ? SnapshotProgress.COMMITTED : state.progress();
    this.tablesSeen = state.tablesSeen();
  }

  @Override
  public void start() {
    if (progress == SnapshotProgress.COMMITTED) {
      LOG.info("Nothing to copy: streaming follows");
      return;
    }
    context.callAsync(this::createSlot, this::copyFrom);
  }

  /** In a worker thread: the slot can wait for running transactions, for minutes. */
  private ExportedSnapshotSlot createSlot() throws Exception {
    PreparedPipeline prepared = pipeline.prepared();
    List<TargetTable> emptied = TargetRows.emptyAll(prepared);
    if (!emptied.isEmpty()) {
      LOG.info("Emptied {}: an earlier attempt of this snapshot had written to them", emptied);
    }
    copiers.beforeCopy();
    return SnapshotSlot.create(prepared.definition().source(), prepared.sourceTables().keySet());
  }

  private void copyFrom(ExportedSnapshotSlot created, Throwable error) {
    if (error != null) {
      Optional<PipelineStopException> stop = PermanentServerErrors.ofCopy().stopFor(error);
      if (stop.isPresent()) {
        throw new SuppressRestartsException(stop.get());
      }
      throw new FlinkRuntimeException("The snapshot's slot could not be created", error);
    }
    slot = created;
    for (int id = 0; id < plan.splits().size(); id++) {
      unassigned.add(new SnapshotSplit(id, plan.splits().get(id), slot.snapshotName()));
    }
    LOG.info("Copying {} table(s) in {} split(s) in snapshot {}", plan.tables().size(), unassigned.size(),
        slot.snapshotName());
    List<Integer> asking = new ArrayList<>(waiting);
    waiting.clear();
    asking.forEach(subtask -> handleSplitRequest(subtask, null));
  }

  @Override
  public void handleSplitRequest(int subtask, String requesterHostname) {
    if (progress == SnapshotProgress.COMMITTED) {
      handOver(subtask);
    } else if (slot != null && !unassigned.isEmpty()) {
      context.assignSplit(unassigned.poll(), subtask);
    } else {
      waiting.add(subtask);
    }
  }

  @Override
  public void handleSourceEvent(int subtask, SourceEvent event) {
    if (event instanceof SnapshotSplitRequest) {
      handleSplitRequest(subtask, null);
      return;
    }
    if (!(event instanceof SplitCopied split) || !copied.add(split.split())) {
      return;
    }
    rows += split.rows();
    split.files().forEach((table, written) -> files.computeIfAbsent(table, key -> new ArrayList<>()).addAll(written));
    if (copied.size() == plan.splits().size()) {
      committing = true;
      context.callAsync(this::commit, this::committed);
    }
  }

  /** In a worker thread; returns what the copy's snapshot saw of the tables. */
  private List<String> commit() throws Exception {
    RewrittenDuringCopy.Checked checked =
        RewrittenDuringCopy.check(copiers.source(), slot.snapshotName(), plan.tables().keySet());
    if (!checked.rewritten().isEmpty()) {
      // not the engine's stop, which the CLI and the wizard end a restarting job on: this restart is the fix, as it
      // copies again from a new slot whose snapshot sees the tables as the ALTER left them
      throw new PipelineRestartException(EngineMessage.RESTART_TABLE_REWRITTEN_DURING_COPY,
          String.join(", ", checked.rewritten().stream().map(Object::toString).toList()));
    }
    copiers.afterCopy();
    var committer = copiers.committer(slot.snapshotName());
    if (committer.isPresent()) {
      committer.get().commit(filesByTable());
    }
    slot.close();
    return checked.tablesSeen();
  }

  private void committed(List<String> seen, Throwable error) {
    if (error != null) {
      throw new FlinkRuntimeException("The snapshot could not be completed: its files committed, or the keys"
          + " of a PostgreSQL target's tables built", error);
    }
    progress = SnapshotProgress.COMMITTED;
    copiedNow = true;
    tablesSeen = seen;
    LOG.info("Snapshot committed: {} row(s); streaming from slot {} at {}", rows, slot.slotName(),
        slot.consistentPoint());
    List<Integer> asking = new ArrayList<>(waiting);
    waiting.clear();
    asking.forEach(this::handOver);
  }

  /**
   * Tells a reader the copy is committed, with what it saw: the table watch judges a rewrite from there on,
   * not from a look it took before an ALTER that made an earlier attempt of the copy start over.
   */
  private void handOver(int subtask) {
    context.sendEventToSourceReader(subtask, new CopyCommitted(tablesSeen, copiedNow));
    context.signalNoMoreSplits(subtask);
  }

  @Override
  public void addSplitsBack(List<SnapshotSplit> splits, int subtask) {
    if (progress == SnapshotProgress.COPYING) {
      throw new FlinkRuntimeException("Snapshot reader " + subtask + " stopped during the copy: starting it over");
    }
  }

  @Override
  public void addReader(int subtask) {
    if (!readers.add(subtask) && progress == SnapshotProgress.COPYING) {
      throw new FlinkRuntimeException("Snapshot reader " + subtask + " restarted during the copy: starting it over");
    }
  }

  @Override
  public SnapshotState snapshotState(long checkpointId) {
    return new SnapshotState(progress, tablesSeen);
  }

  private Map<TableIdentifier, List<DataFile>> filesByTable() {
    Map<TableIdentifier, List<DataFile>> byTable = new LinkedHashMap<>();
    files.forEach((table, written) -> byTable.put(TableIdentifier.parse(table), written));
    return byTable;
  }

  /** Ends the exported snapshot, if still held; the slot stays, for streaming or the next attempt. */
  @Override
  public void close() {
    try {
      discardUncommitted();
    } finally {
      if (slot != null) {
        try {
          slot.close();
        } catch (Exception e) {
          LOG.debug("Closing the snapshot's slot connection failed", e);
        }
      }
    }
  }

  /**
   * A copy closed before its commit began (cancelled, failed, stopped with a savepoint) deletes the files its
   * readers handed over, which no table refers to: the next attempt copies again from a new slot. Once the
   * commit began they may be in a table, and are kept.
   */
  private void discardUncommitted() {
    if (committing || slot == null || files.isEmpty()) {
      return;
    }
    LOG.info("Deleting the {} file(s) of the copy that ends before its commit", files.values().stream()
        .mapToInt(List::size).sum());
    // the JobManager closes a job's coordinators in a thread of its own class loader, and the catalog needs the job's
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(getClass().getClassLoader());
    try {
      copiers.committer(slot.snapshotName()).ifPresent(committer -> committer.discard(filesByTable()));
    } catch (RuntimeException e) {
      LOG.warn("The files of the copy that ended before its commit were not deleted: {}", e.toString());
    } finally {
      thread.setContextClassLoader(previous);
    }
  }

}
