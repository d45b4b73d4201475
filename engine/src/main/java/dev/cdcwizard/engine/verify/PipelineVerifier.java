package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.job.SourceTables;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.snapshot.PgColumn;
import dev.cdcwizard.engine.snapshot.SnapshotColumns;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

/**
 * Verifies a pipeline's target tables against their source tables, row by row. The source is
 * read in one snapshot; a difference seen while the job runs is read again, twice, each time from a new
 * snapshot whose position the job has confirmed first: a key that differs the same way in both is
 * different, one whose rows moved in between is changing. Only read access is needed: SELECT on the
 * source tables, the catalog and {@code pg_replication_slots}.
 */
public final class PipelineVerifier {
  private static final int EXAMPLES = 10;
  private static final int ROWS_PER_REPORT = 10_000;

  private final PipelineDefinition definition;
  private final Duration catchUpTimeout;
  private final boolean repair;

  public PipelineVerifier(PipelineDefinition definition, Duration catchUpTimeout) {
    this(definition, catchUpTimeout, false);
  }

  private PipelineVerifier(PipelineDefinition definition, Duration catchUpTimeout, boolean repair) {
    this.definition = definition;
    this.catchUpTimeout = catchUpTimeout;
    this.repair = repair;
  }

  /**
   * The same verification, which then rewrites each differing row of a PostgreSQL target from the source
   * and reads the differing rows again. Refused while a job streams from the slot (a row written behind its
   * back could be overwritten by a change it still holds) and for an Iceberg target, whose tables are
   * copied again instead.
   */
  public PipelineVerifier repairing() {
    return new PipelineVerifier(definition, catchUpTimeout, true);
  }

  /**
   * @param only the target table to verify, or null for each
   * @throws CancellationException when {@code progress} asked to stop
   */
  public List<TableVerification> verify(String only, VerifyProgress progress) throws Exception {
    List<TableVerification> results = new ArrayList<>();
    try (TargetSide side = TargetSide.of(definition.sink());
        SourceSnapshot snapshot = SourceSnapshot.open(definition.source().endpoint())) {
      Connection connection = snapshot.connection();
      Map<TableId, RecordShape> shapes = SourceTables.resolve(connection, definition.source());
      List<TableId> tables = shapes.keySet().stream().map(id -> TableId.of(id.schema(), id.table())).toList();
      Map<TableId, List<PgColumn>> columns = SnapshotColumns.read(connection, tables);
      SlotProgress slot = new SlotProgress(connection, definition.source().get(PostgresSourceOptions.SLOT_NAME));
      boolean running = slot.active();
      refuseRepairIfNotExact(side, running);
      Map<String, Long> sourcesPerTarget = new HashMap<>();
      shapes.keySet().forEach(source -> definition.router().targetsOf(source)
          .forEach(routed -> sourcesPerTarget.merge(side.name(routed), 1L, Long::sum)));
      List<TableRun> runs = new ArrayList<>();
      for (Map.Entry<TableId, RecordShape> entry : shapes.entrySet()) {
        TableId table = TableId.of(entry.getKey().schema(), entry.getKey().table());
        for (String routed : definition.router().targetsOf(entry.getKey())) {
          if (only == null || only.equals(side.name(routed))) {
            runs.add(new TableRun(side, table, routed, entry.getValue(), columns.getOrDefault(table, List.of()),
                progress));
          }
        }
      }
      progress.planned(runs.stream().map(run -> side.name(run.routed)).toList());
      for (TableRun run : runs) {
        stopIfCancelled(progress);
        TableVerification result = sourcesPerTarget.get(side.name(run.routed)) > 1
            ? run.notVerified(snapshot.lsn(), UserMessage.of(VerifyMessage.MERGED))
            : verifyTable(snapshot, slot, running, run);
        results.add(result);
        progress.done(result);
      }
    }
    return results;
  }

  private void refuseRepairIfNotExact(TargetSide side, boolean running) throws RepairRefusedException {
    if (!repair) {
      return;
    }
    if (!side.repairs()) {
      throw new RepairRefusedException(UserMessage.of(VerifyMessage.REPAIR_ICEBERG),
          UserMessage.of(VerifyMessage.REPAIR_ICEBERG_FIX));
    }
    if (running) {
      String slotName = definition.source().get(PostgresSourceOptions.SLOT_NAME);
      throw new RepairRefusedException(UserMessage.of(VerifyMessage.REPAIR_RUNNING, slotName),
          UserMessage.of(VerifyMessage.REPAIR_RUNNING_FIX));
    }
  }

  static void stopIfCancelled(VerifyProgress progress) {
    if (progress.cancelled()) {
      throw new CancellationException("verification cancelled");
    }
  }

  private TableVerification verifyTable(SourceSnapshot first, SlotProgress slot, boolean running, TableRun run)
      throws Exception {
    if (run.shape.primaryKey().isEmpty()) {
      return run.notVerified(first.lsn(), UserMessage.of(VerifyMessage.NO_PRIMARY_KEY));
    }
    Optional<UserMessage> cannot = run.side.cannotCompare(run.shape, run.pgColumns);
    if (cannot.isPresent()) {
      return run.notVerified(first.lsn(), cannot.get());
    }
    TableComparison.Result result = TableComparison.compare(run.source(first), run.target(), run.names());
    if (result.equal()) {
      return run.outcome(first.lsn(), TableVerification.Consistency.AS_IT_STANDS, result, result, List.of());
    }
    if (!running && repair) {
      PostgresRepair.Repaired repaired = run.side.repair(run.routed, run.shape, result.differences().values());
      TableComparison.Result after = TableComparison.detail(run.source(first), run.target(), run.names(),
          result.differingBuckets(), null);
      return run.outcome(first.lsn(), TableVerification.Consistency.AS_IT_STANDS, result, after,
          List.copyOf(after.differences().values()))
          .withRepair(new TableVerification.Repair(repaired.written(), repaired.deletedOnly()));
    }
    if (!running) {
      return run.outcome(first.lsn(), TableVerification.Consistency.AS_IT_STANDS, result, result,
          List.copyOf(result.differences().values()));
    }
    TableComparison.Result previous = result;
    for (int round = 0; round < 2; round++) {
      try (SourceSnapshot again = SourceSnapshot.open(definition.source().endpoint())) {
        if (!slot.awaitConfirmed(again.lsn(), catchUpTimeout, run.progress)) {
          return run.outcome(again.lsn(), TableVerification.Consistency.NOT_CAUGHT_UP, result, previous,
              List.copyOf(previous.differences().values()));
        }
        TableComparison.Result recheck = TableComparison.detail(run.source(again), run.target(), run.names(),
            previous.differingBuckets(), null);
        if (recheck.differences().isEmpty()) {
          return run.outcome(again.lsn(), TableVerification.Consistency.COMMITTED_PAST_SNAPSHOT, result, recheck,
              List.of());
        }
        if (round == 1) {
          List<RowDifference> stable = new ArrayList<>();
          for (RowDifference difference : recheck.differences().values()) {
            RowDifference before = previous.differences().get(difference.key());
            if (before != null && before.sameAs(difference)) {
              stable.add(difference);
            }
          }
          return run.outcome(again.lsn(), TableVerification.Consistency.COMMITTED_PAST_SNAPSHOT, result, recheck,
              stable);
        }
        previous = recheck;
      }
    }
    throw new IllegalStateException("unreachable");
  }

  /** One table's comparison: its two sides, and how its outcome is told. */
  private static final class TableRun {
    private final TargetSide side;
    private final TableId source;
    private final String routed;
    private final RecordShape shape;
    private final List<PgColumn> pgColumns;
    private final VerifyProgress progress;
    private final long started = System.nanoTime();
    private long rowsRead;

    TableRun(TargetSide side, TableId source, String routed, RecordShape shape, List<PgColumn> pgColumns,
        VerifyProgress progress) {
      this.side = side;
      this.source = source;
      this.routed = routed;
      this.shape = shape;
      this.pgColumns = pgColumns;
      this.progress = progress;
    }

    List<String> names() {
      return shape.columns().stream().map(RecordShape.Column::name).toList();
    }

    TableRows source(SourceSnapshot snapshot) throws Exception {
      return counted(side.source(snapshot, source, shape, pgColumns));
    }

    /** The target as its latest commit left it, read anew so that a recheck sees what the job committed since. */
    TableRows target() throws Exception {
      return counted(side.target(routed, shape));
    }

    /**
     * Rows told to {@link #progress}, and a cancel looked for, every ten thousand rows the client reads
     * (and before each fold the server does).
     */
    private TableRows counted(TableRows rows) {
      return new TableRows() {
        @Override
        public void scan(Consumer<VerifiedRow> consumer) throws Exception {
          rows.scan(counting(consumer));
        }

        @Override
        public boolean foldsWhereItIs() {
          return rows.foldsWhereItIs();
        }

        @Override
        public BucketDigests digests(int buckets) throws Exception {
          if (!rows.foldsWhereItIs()) {
            return TableRows.super.digests(buckets);
          }
          stopIfCancelled(progress);
          BucketDigests digests = rows.digests(buckets);
          progress.reading(side.name(routed), rowsRead += digests.rows());
          return digests;
        }

        @Override
        public void scan(BitSet buckets, int bucketCount, Consumer<VerifiedRow> consumer) throws Exception {
          rows.scan(buckets, bucketCount, counting(consumer));
        }
      };
    }

    private Consumer<VerifiedRow> counting(Consumer<VerifiedRow> consumer) {
      return row -> {
        if (++rowsRead % ROWS_PER_REPORT == 0) {
          stopIfCancelled(progress);
          progress.reading(side.name(routed), rowsRead);
        }
        consumer.accept(row);
      };
    }

    TableVerification notVerified(String lsn, UserMessage why) {
      return new TableVerification(side.name(routed), source.toString(), TableVerification.Outcome.NOT_VERIFIED,
          TableVerification.Consistency.AS_IT_STANDS, lsn, 0, 0, 0, 0, 0, 0, List.of(), took(), why, null);
    }

    /**
     * @param first the whole-table comparison, for the row counts
     * @param last the last read of the differing rows
     * @param stable the differences that held in the last two reads (all of them when there was one read)
     */
    TableVerification outcome(String lsn, TableVerification.Consistency consistency, TableComparison.Result first,
        TableComparison.Result last, List<RowDifference> stable) {
      long missing = count(stable, RowDifference.Kind.MISSING);
      long extra = count(stable, RowDifference.Kind.EXTRA);
      long different = count(stable, RowDifference.Kind.DIFFERENT);
      long all = last.missing() + last.extra() + last.different();
      long changing = stable.isEmpty() && all == 0 ? 0 : Math.max(0, all - stable.size());
      if (last == first || consistency == TableVerification.Consistency.NOT_CAUGHT_UP) {
        missing = last.missing();
        extra = last.extra();
        different = last.different();
        changing = 0;
      }
      TableVerification.Outcome outcome = missing + extra + different > 0 ? TableVerification.Outcome.DIFFERENT
          : changing > 0 ? TableVerification.Outcome.CHANGING : TableVerification.Outcome.EQUAL;
      List<RowDifference> examples = (stable.isEmpty() ? List.copyOf(last.differences().values()) : stable).stream()
          .limit(EXAMPLES).toList();
      return new TableVerification(side.name(routed), source.toString(), outcome, consistency, lsn,
          first.sourceRows(), first.targetRows(), missing, extra, different, changing, examples, took(), null, null);
    }

    private Duration took() {
      return Duration.ofNanos(System.nanoTime() - started);
    }
  }

  private static long count(List<RowDifference> differences, RowDifference.Kind kind) {
    return differences.stream().filter(difference -> difference.kind() == kind).count();
  }
}
