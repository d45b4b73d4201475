package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.AtomicFiles;
import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.snapshot.SnapshotCopy;
import dev.cdcwizard.engine.snapshot.SnapshotMarker;
import dev.cdcwizard.engine.snapshot.SnapshotPlan;
import dev.cdcwizard.engine.snapshot.SnapshotPublication;
import dev.cdcwizard.engine.snapshot.TargetRows;
import dev.cdcwizard.engine.watch.TableRewrites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Copies the tables a pipeline captures since its checkpoints were taken, before its stream resumes: by
 * the engine's own snapshot, in a snapshot exported once they are in the publication, into target tables
 * of their own that hold no rows. The resumed stream then sends every change of theirs from the
 * checkpoint's position on, some older than the copy; applied in the stream's order over the copied
 * rows, upserts and deletes leave each key as the source has it at the stream's end, and a TRUNCATE
 * replayed is followed by every row inserted after it. A copy that dies half-way is redone into its
 * emptied tables at the next start (the tables are named in {@link #MARKER} until it is committed).
 */
final class AddedTablesCopy {
  private static final Logger LOG = LoggerFactory.getLogger(AddedTablesCopy.class);
  private static final String MARKER = "pipeline.adding";
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

  private AddedTablesCopy() {}

  /**
   * A copy of added tables that runs; {@code exporter} holds its snapshot and is closed once the copy is over.
   *
   * @param seen the added tables as the copy saw them ({@link TableRewrites#baseline}): the job's watch starts
   *     from there, so a rewrite between the copy and its first look is a change, not its first sight
   */
  record Started(Connection exporter, SnapshotCopy copy, List<String> seen) {}

  /**
   * Refuses what cannot be copied exactly, then starts the copy.
   *
   * @throws PipelineRefusedException when an added table's target holds rows or is another table's too,
   *     or when the engine's own snapshot cannot copy it
   */
  static Started start(PreparedPipeline prepared, List<TableId> added, PipelineCheckpoints checkpoints)
      throws Exception {
    PreparedPipeline only = restrictedTo(prepared, added);
    requireTargetsOfTheirOwn(prepared, added);
    emptyOrRefuse(only, Set.copyOf(unfinished(checkpoints)));
    AtomicFiles.writeLines(checkpoints.directory().resolve(MARKER),
        only.targets().stream().map(TargetTable::name).toList());
    Connection exporter = new PostgresConnector(CONNECT_TIMEOUT).open(prepared.definition().source().endpoint());
    try {
      String snapshot = exportSnapshot(exporter, prepared, added);
      SnapshotPlan.Planned planned = SnapshotPlan.plan(exporter, only);
      if (!planned.planned()) {
        throw refused(UserMessage.of(EngineMessage.RUN_ADDED_NOT_COPIED, added, planned.flinkCdcReasons()));
      }
      List<String> seen = TableRewrites.baseline(exporter, added);
      LOG.info("Copying {} added to the pipeline, before it resumes", added);
      return new Started(exporter, SnapshotCopy.start(only, planned.plan(), snapshot), seen);
    } catch (Exception e) {
      exporter.close();
      throw e;
    }
  }

  /**
   * Puts {@code tables} in the publication, then exports a snapshot from {@code exporter}'s transaction, which stays
   * open: the copy reads in it. The publication is committed first: a change after the snapshot must be in the
   * publication to be sent.
   *
   * @return the exported snapshot's name
   */
  static String exportSnapshot(Connection exporter, PreparedPipeline prepared, List<TableId> tables)
      throws SQLException {
    SnapshotPublication.ensure(exporter, prepared.definition().source(), tables);
    exporter.setAutoCommit(false);
    exporter.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
    try (Statement statement = exporter.createStatement();
        ResultSet rs = statement.executeQuery("SELECT pg_export_snapshot()")) {
      rs.next();
      return rs.getString(1);
    }
  }

  /**
   * Once the copy is in the target: the pipeline's folder captures the added tables from now on, and keeps
   * what the copy saw of them, which a resume from a checkpoint older than the copy hands to the job's watch
   * as the proof they were copied.
   */
  static void finish(PreparedPipeline prepared, PipelineCheckpoints checkpoints, List<String> seen)
      throws IOException {
    SnapshotMarker.seenAlso(checkpoints.directory(), seen);
    checkpoints.useFor(prepared.definition(), prepared.sourceTables().keySet());
    Files.delete(checkpoints.directory().resolve(MARKER));
  }

  /** The target tables of a copy that did not finish: the next copy of the same tables empties them first. */
  static List<String> unfinished(PipelineCheckpoints checkpoints) throws IOException {
    Path marker = checkpoints.directory().resolve(MARKER);
    return Files.exists(marker) ? Files.readAllLines(marker) : List.of();
  }

  /**
   * Forgets a copy that did not finish once no table is being added: its tables were left out since (their
   * targets keep what it wrote, and are refused, not emptied, if added again), or it finished but for this.
   */
  static void forgetUnfinished(PipelineCheckpoints checkpoints) throws IOException {
    Files.deleteIfExists(checkpoints.directory().resolve(MARKER));
  }

  static PreparedPipeline restrictedTo(PreparedPipeline prepared, List<TableId> added) {
    var tables = new LinkedHashMap<>(prepared.sourceTables());
    tables.keySet().retainAll(added);
    Set<String> targets = new HashSet<>();
    added.forEach(table -> targets.addAll(prepared.definition().router().targetsOf(table)));
    return new PreparedPipeline(prepared.definition(), tables,
        prepared.targets().stream().filter(target -> targets.contains(target.name())).toList());
  }

  /** The stream writes the other tables' rows into their targets meanwhile; a copy into one would race them. */
  private static void requireTargetsOfTheirOwn(PreparedPipeline prepared, List<TableId> added)
      throws PipelineRefusedException {
    List<Refusal> refusals = new ArrayList<>();
    for (TableId table : added) {
      refusals.addAll(sharedTargets(prepared.definition().router(), table, prepared.sourceTables().keySet()));
    }
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
    }
  }

  /** Each target of {@code table} that another of the {@code captured} tables writes too, as a refusal. */
  static List<Refusal> sharedTargets(TableRouter router, TableId table, Collection<TableId> captured) {
    List<Refusal> shared = new ArrayList<>();
    for (TableId other : captured) {
      if (!other.equals(table)) {
        router.targetsOf(table).stream().filter(router.targetsOf(other)::contains).forEach(target -> shared.add(
            Refusal.of(UserMessage.of(EngineMessage.RUN_ADDED_TARGET_SHARED, table, target, other))));
      }
    }
    return shared;
  }

  /** Empties what an earlier copy of the same tables left; refuses rows of anything else. */
  private static void emptyOrRefuse(PreparedPipeline only, Set<String> copiedBefore) throws Exception {
    List<Refusal> refusals = new ArrayList<>();
    try (TargetRows rows = TargetRows.of(only)) {
      for (TargetTable target : only.targets()) {
        long held = rows.rowsIn(target);
        if (held > 0 && copiedBefore.contains(target.name())) {
          rows.empty(target);
          LOG.info("Emptied {}, which a copy that did not finish left", target);
        } else if (held > 0) {
          refusals.add(Refusal.of(UserMessage.of(EngineMessage.RUN_ADDED_TARGET_NOT_EMPTY, target, held)));
        }
      }
    }
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
    }
  }

  private static PipelineRefusedException refused(UserMessage problem) {
    return new PipelineRefusedException(List.of(Refusal.of(problem)));
  }
}
