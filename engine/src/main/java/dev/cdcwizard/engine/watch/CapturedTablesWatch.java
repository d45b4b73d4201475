package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.CatalogColumns;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import dev.cdcwizard.engine.postgres.catalog.ReplicaIdentity;
import dev.cdcwizard.engine.record.ChangeRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.OutputTag;

/**
 * Stops the job when a captured table is renamed (or moved to another schema) or dropped on the
 * source. PostgreSQL then sends a renamed table's changes under its new name, which the source's table
 * list filters out: they would be lost without a word. Tables are known by their oid, kept in the job's
 * state from its first start, and the first subtask looks them up when it opens and every
 * {@code table-watch.interval}. It also stops the job when a column's fractional seconds were cut
 * ({@link DatetimePrecisions}) or a column's type changed by a rewrite of the table ({@link TableRewrites}),
 * which no record shows, and when a table's replica identity no longer holds its key or the table became
 * UNLOGGED, whose changes PostgreSQL no longer writes to the WAL. It passes every TRUNCATE the stream carries on to the
 * {@link CapturedPartitionsWatch} as well, which watches the partitions in one task.
 */
public final class CapturedTablesWatch extends AbstractStreamOperator<ChangeRecord>
    implements OneInputStreamOperator<ChangeRecord, ChangeRecord> {
  private static final long serialVersionUID = 1L;
  /** Each TRUNCATE of the stream as its table ({@code schema.table}) and its transaction id. */
  public static final OutputTag<Tuple3<String, String, Long>> TRUNCATES =
      new OutputTag<>("truncates", Types.TUPLE(Types.STRING, Types.STRING, Types.LONG));
  private static final String BY_OID = "SELECT c.oid, n.nspname, c.relname, " + ReplicaIdentity.COVERS_KEY_SQL
      + ", c.relpersistence = 'u' FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = ANY (?)";

  private final WatchedTables watched;
  private final boolean narrowingsFollowed;
  private final List<String> rewriteBaseline;
  private final boolean copiesFirst;

  /** oid -> schema.table as the pipeline captures it. */
  private transient Map<Long, TableId> known;
  /** The tables the restored state named, judged against the pipeline as it is now. */
  private transient ResumedTables resumed;
  /** Whether the job resumed from a state that named the tables it captured: one it did not name is added. */
  private transient boolean resumedWithTables;
  /**
   * Whether the judgement of the resumed tables waits for the copy's commit: a state this watch took before it
   * heard of the commit may be the source's from before it or after it, and only the commit tells whether the
   * tables are copied again.
   */
  private transient boolean judgementAwaitsCopy;
  private transient ListState<String> state;
  /** Fractional seconds cut, columns and enum values renamed, generated columns added: each with its state. */
  private transient List<CatalogLook> looks;
  private transient List<ListState<String>> lookStates;
  private transient TableRewrites rewrites;
  private transient ListState<String> rewriteState;
  /** Whether the job's own copy has not committed yet: its commit brings what it saw of the tables. */
  private transient boolean awaitingCopy;
  private transient ListState<Boolean> awaitingCopyState;
  private transient WatchConnection connection;

  /**
   * @param narrowingsFollowed whether the target follows a narrowed column ({@code JobTarget.followsNarrowedColumns})
   * @param rewriteBaseline the tables as the engine's own copies saw them ({@link TableRewrites#baseline}),
   *     empty when the job copies none; a restored state takes its place for each table it holds
   * @param copiesFirst whether the job's source copies the tables before it streams (on a cluster): a
   *     rewrite is then the copy's to refuse until its commit ({@link ChangeRecord#copyCommitted}), from
   *     which what the copy saw is the baseline, whatever a restored state held
   */
  public CapturedTablesWatch(WatchedTables watched, boolean narrowingsFollowed, List<String> rewriteBaseline,
      boolean copiesFirst) {
    this.watched = watched;
    this.narrowingsFollowed = narrowingsFollowed;
    this.rewriteBaseline = List.copyOf(rewriteBaseline);
    this.copiesFirst = copiesFirst;
    setChainingStrategy(ChainingStrategy.ALWAYS);
  }

  @Override
  public void initializeState(StateInitializationContext context) throws Exception {
    super.initializeState(context);
    state = context.getOperatorStateStore().getUnionListState(new ListStateDescriptor<>("captured-tables", Types.STRING));
    awaitingCopyState = context.getOperatorStateStore()
        .getUnionListState(new ListStateDescriptor<>("awaiting-copy", Types.BOOLEAN));
    boolean restoredDuringCopy = context.isRestored() && awaitingCopyState.get().iterator().hasNext();
    resumed = new ResumedTables(context.isRestored() ? state.get() : List.of(), capturedByName(),
        watched::destination);
    // a job that copies nothing of its own starts from a state taken during a cluster's copy as a fresh one
    resumedWithTables = resumed.any() && (copiesFirst || !restoredDuringCopy);
    judgementAwaitsCopy = resumedWithTables && restoredDuringCopy;
    known = new HashMap<>(resumed.captured());
    if (resumedWithTables && !judgementAwaitsCopy) {
      throwIfPresent(resumed.sentElsewhere());
    }
    looks = List.of(new DatetimePrecisions(), CatalogRenames.columns(), CatalogRenames.enumValues(),
        new GeneratedColumns());
    lookStates = new ArrayList<>();
    for (CatalogLook look : looks) {
      ListState<String> lookState = context.getOperatorStateStore()
          .getUnionListState(new ListStateDescriptor<>(look.stateName(), Types.STRING));
      look.restore(lookState.get());
      lookStates.add(lookState);
    }
    rewriteState = context.getOperatorStateStore()
        .getUnionListState(new ListStateDescriptor<>("table-rewrites", Types.STRING));
    rewrites = new TableRewrites(watched.acceptedRewrites(), narrowingsFollowed);
    rewrites.restore(rewriteState.get());
    rewrites.restoreUnseen(rewriteBaseline);
    // a state kept before this was known held no such entry: its job judged rewrites throughout
    awaitingCopy = copiesFirst && (!context.isRestored() || awaitingCopyState.get().iterator().hasNext());
  }

  @Override
  public void open() throws Exception {
    super.open();
    connection = new WatchConnection(watched.source());
    if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0) {
      if (resumedWithTables && !judgementAwaitsCopy && !known.values().containsAll(capturedByName())) {
        // before any record passes: a source it cannot reach now fails the task, rather than let the changes of
        // a table nothing copied through until the next look
        resolve();
      }
      check(getProcessingTimeService().getCurrentProcessingTime());
    }
  }

  @Override
  public void processElement(StreamRecord<ChangeRecord> element) throws SQLException {
    ChangeRecord record = element.getValue();
    if (record.isCopyCommitted()) {
      rewrites.restoreCopied(record.tablesSeen());
      awaitingCopy = false;
      if (judgementAwaitsCopy && getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0) {
        judgementAwaitsCopy = false;
        if (!record.copiedNow()) {
          // the copy had committed before the state was taken: nothing is copied again, streaming goes on from it
          throwIfPresent(resumed.sentElsewhere());
          known.keySet().retainAll(resumed.captured().keySet());
          resolve();
        }
      }
      return;
    }
    if (record.isTruncate()) {
      output.collect(TRUNCATES, new StreamRecord<>(
          Tuple3.of(record.table().schema(), record.table().table(), record.truncateXid())));
    }
    output.collect(element);
  }

  private void check(long time) {
    try {
      connection.inOneSnapshot(this::check);
    } catch (SQLException e) {
      // the source is unreachable for a moment: the stream's own connection fails the job if it stays so
      LOG.warn("Could not look up the captured tables on the source: {}", e.getMessage());
      connection.close();
    }
    getProcessingTimeService().registerTimer(time + watched.intervalMillis(), this::check);
  }

  private void check(Connection catalog) throws SQLException {
    if (!known.values().containsAll(capturedByName())) {
      resolve();
    }
    lookUp();
    PublicationWatch.check(catalog, watched.publication(), known);
    List<ColumnFacts> columns = CatalogColumns.ofOids(catalog, known.keySet());
    for (CatalogLook look : looks) {
      look.check(catalog, known, columns);
    }
    if (awaitingCopy) {
      rewrites.see(catalog, known.keySet(), columns);
    } else {
      rewrites.check(catalog, known, columns);
    }
  }

  /**
   * Learns the oids of the captured tables it does not know yet: all at the first start, added ones later.
   * A table added to a pipeline that resumes must have been copied before (embedded runs copy it and hand
   * over what the copy saw as {@code rewriteBaseline}); one that was not would stream its changes over
   * rows its target never got, so the job stops before it writes anything of it.
   */
  private void resolve() throws SQLException {
    List<TableId> unknown = capturedByName().stream().filter(table -> !known.containsValue(table)).toList();
    Map<TableId, Long> oids = TableOids.of(connection.get(), unknown);
    Map<TableId, Long> learned = new LinkedHashMap<>();
    for (TableId table : unknown) {
      Long oid = oids.get(table);
      if (oid == null) {
        // gone since the pipeline checked its tables, before the job could learn its oid
        throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TABLE_MISSING, table));
      }
      learned.put(table, oid);
    }
    if (resumedWithTables && !judgementAwaitsCopy) {
      throwIfPresent(resumed.notCopied(learned, TableRewrites.tablesOf(rewriteBaseline)));
    }
    learned.forEach((table, oid) -> known.put(oid, table));
  }

  private static void throwIfPresent(Optional<PipelineStopException> stop) {
    if (stop.isPresent()) {
      throw new SuppressRestartsException(stop.get());
    }
  }

  private List<TableId> capturedByName() {
    return watched.tables().stream().map(table -> TableId.of(table.schema(), table.table())).toList();
  }

  private void lookUp() throws SQLException {
    Map<Long, TableId> now = new HashMap<>();
    Set<Long> keyless = new HashSet<>();
    Set<Long> unlogged = new HashSet<>();
    try (PreparedStatement statement = connection.get().prepareStatement(BY_OID)) {
      statement.setArray(1, connection.get().createArrayOf("bigint", known.keySet().toArray()));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          now.put(rs.getLong(1), TableId.of(rs.getString(2), rs.getString(3)));
          if (!rs.getBoolean(4)) {
            keyless.add(rs.getLong(1));
          }
          if (rs.getBoolean(5)) {
            unlogged.add(rs.getLong(1));
          }
        }
      }
    }
    known.forEach((oid, table) -> {
      TableId current = now.get(oid);
      if (current == null) {
        throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TABLE_DROPPED, table));
      }
      if (!current.equals(table)) {
        throw new SuppressRestartsException(
            new PipelineStopException(EngineMessage.STOP_TABLE_RENAMED, table, current));
      }
      // looked for as often as renames: the deletes until then are cured by the fresh start the stop asks for
      if (keyless.contains(oid)) {
        throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_IDENTITY_WITHOUT_KEY, table));
      }
      // a publication FOR ALL TABLES or FOR TABLES IN SCHEMA lets a table become UNLOGGED: no change of it is sent
      if (unlogged.contains(oid)) {
        throw new SuppressRestartsException(new PipelineStopException(EngineMessage.STOP_TABLE_UNLOGGED, table));
      }
    });
  }


  @Override
  public void snapshotState(StateSnapshotContext context) throws Exception {
    super.snapshotState(context);
    state.clear();
    lookStates.forEach(ListState::clear);
    rewriteState.clear();
    awaitingCopyState.clear();
    if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0 && judgementAwaitsCopy) {
      // what was learned since is not judged yet: the next start judges it again, against the same state
      state.addAll(resumed.entries());
    } else if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() == 0) {
      for (Map.Entry<Long, TableId> entry : known.entrySet()) {
        state.add(entry.getKey() + "\t" + entry.getValue().schema() + "\t" + entry.getValue().table() + "\t"
            + watched.destination(entry.getValue()));
      }
      for (int i = 0; i < looks.size(); i++) {
        lookStates.get(i).addAll(looks.get(i).entries());
      }
      rewriteState.addAll(rewrites.entries());
      if (awaitingCopy) {
        awaitingCopyState.add(true);
      }
    }
  }

  @Override
  public void close() throws Exception {
    if (connection != null) {
      connection.close();
    }
    super.close();
  }

}
