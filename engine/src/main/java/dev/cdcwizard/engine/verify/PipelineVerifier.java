package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.snapshot.PgColumn;
import dev.cdcwizard.engine.snapshot.SnapshotColumns;
import dev.cdcwizard.engine.source.SourceTables;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CancellationException;

/**
 * Verifies a pipeline's target tables against their source tables, row by row. The source is
 * read in one snapshot; a difference seen while the job runs is read again, twice, each time from a new
 * snapshot whose position the job has confirmed first: a key that differs the same way in both is
 * different, one whose rows moved in between is changing. Only read access is needed: SELECT on the
 * source tables, the catalog and {@code pg_replication_slots}.
 */
public final class PipelineVerifier {

  private final PipelineDefinition definition;
  private final Duration catchUpTimeout;
  private final boolean repair;
  private final Sample sample;

  public PipelineVerifier(PipelineDefinition definition, Duration catchUpTimeout) {
    this(definition, catchUpTimeout, false, Sample.ALL);
  }

  private PipelineVerifier(PipelineDefinition definition, Duration catchUpTimeout, boolean repair, Sample sample) {
    this.definition = definition;
    this.catchUpTimeout = catchUpTimeout;
    this.repair = repair;
    this.sample = sample;
  }

  /**
   * The same verification of only the rows whose keys fall in {@code sample}'s buckets, on both sides: a
   * quicker look that can miss a difference outside the sample. Not with {@link #repairing()}.
   */
  public PipelineVerifier sampling(Sample sample) {
    if (repair && !sample.whole()) {
      throw new IllegalArgumentException("a repair compares every row");
    }
    return new PipelineVerifier(definition, catchUpTimeout, repair, sample);
  }

  /**
   * The same verification, which then rewrites each differing row of a PostgreSQL target from the source
   * and reads the differing rows again. Refused while a job streams from the slot (a row written behind its
   * back could be overwritten by a change it still holds) and for an Iceberg target, whose tables are
   * copied again instead.
   */
  public PipelineVerifier repairing() {
    if (!sample.whole()) {
      throw new IllegalArgumentException("a repair compares every row");
    }
    return new PipelineVerifier(definition, catchUpTimeout, true, sample);
  }

  /**
   * @param only the target table to verify, or null for each
   * @throws CancellationException when {@code progress} asked to stop
   */
  public List<TableVerification> verify(String only, VerifyProgress progress) throws Exception {
    List<TableVerification> results = new ArrayList<>();
    try (TargetSide side = TargetSide.of(definition);
        SourceSnapshot snapshot = SourceSnapshot.open(definition.source().endpoint())) {
      Connection connection = snapshot.connection();
      Map<TableId, RecordShape> shapes = SourceTables.resolve(connection, definition.source());
      List<TableId> tables = shapes.keySet().stream().map(id -> TableId.of(id.schema(), id.table())).toList();
      Map<TableId, List<PgColumn>> columns = SnapshotColumns.read(connection, tables);
      SlotProgress slot = new SlotProgress(connection, definition.source().get(PostgresSourceOptions.SLOT_NAME));
      boolean running = slot.active();
      refuseRepairWhileRunning(running);
      Map<String, Long> sourcesPerTarget = new HashMap<>();
      shapes.keySet().forEach(source -> definition.router().targetsOf(source)
          .forEach(routed -> sourcesPerTarget.merge(side.name(routed), 1L, Long::sum)));
      List<TableRun> runs = new ArrayList<>();
      for (Map.Entry<TableId, RecordShape> entry : shapes.entrySet()) {
        TableId table = TableId.of(entry.getKey().schema(), entry.getKey().table());
        for (String routed : definition.router().targetsOf(entry.getKey())) {
          if (only == null || only.equals(side.name(routed))) {
            runs.add(new TableRun(side, table, entry.getKey(), routed, entry.getValue(),
                columns.getOrDefault(table, List.of()), progress));
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

  private void refuseRepairWhileRunning(boolean running) throws RepairRefusedException {
    if (repair && running) {
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
    TableComparison.Result result = TableComparison.compare(run.source(first), run.target(), run.names(), sample);
    if (result.equal()) {
      return run.outcome(first.lsn(), TableVerification.Consistency.AS_IT_STANDS, result, result, List.of());
    }
    if (!running && repair) {
      TargetSide.Repaired repaired = run.side.repair(run, first, result.differences().values());
      TableComparison.Result after = TableComparison.recheck(run.source(first), run.target(), run.names(), result);
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
        TableComparison.Result recheck = TableComparison.recheck(run.source(again), run.target(), run.names(),
            previous);
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

}
