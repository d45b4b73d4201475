package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.snapshot.SnapshotMarker;
import dev.cdcwizard.engine.snapshot.SnapshotPlan;
import dev.cdcwizard.engine.snapshot.TargetRows;
import dev.cdcwizard.engine.source.SourceTables;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How an embedded run of a prepared pipeline starts: from its latest retained checkpoint when there is
 * one that still fits (its slot exists, the pipeline captures and writes as it did), else from a new
 * snapshot into empty target tables (Iceberg or PostgreSQL). A new snapshot into tables that already
 * hold rows would leave rows deleted in the meantime in place, so that needs {@code fresh}, which
 * empties them first. The snapshot is the engine's own where it gives the rows Flink CDC's would
 * ({@link SnapshotPlan}); one of those that stopped half-way is redone, into emptied tables.
 *
 * @param options what the run starts from and where it retains its checkpoints
 * @param resumedFrom the checkpoint it resumes from, if any
 * @param emptied the target tables {@code fresh}, or a snapshot redone, emptied
 * @param phase what the run's first job does
 * @param snapshotPlan the engine's own snapshot, when the phase is {@link Phase#OWN_SNAPSHOT}
 * @param notes what the user is told of how the run starts: the checkpoint it resumes from, the tables it
 *     emptied, which snapshot, and why a snapshot is redone
 * @param tablesSeen the tables as the engine's own snapshot saw them, when the phase is {@link
 *     Phase#STREAM_AFTER_OWN_SNAPSHOT} ({@link SnapshotMarker#tablesSeen})
 * @param added tables the pipeline captures since its checkpoints were taken: copied before it resumes
 *     ({@link AddedTablesCopy})
 */
public record RunStart(LaunchOptions options, Optional<Path> resumedFrom, List<TargetTable> emptied,
    Phase phase, SnapshotPlan snapshotPlan, List<UserMessage> notes, List<String> tablesSeen, List<TableId> added) {
  private static final Logger LOG = LoggerFactory.getLogger(RunStart.class);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

  /** What the first job of a run does. */
  public enum Phase {
    /** Flink CDC's source: its snapshot, if any, then streaming; or its state restored. */
    FLINK_CDC,
    /** The engine's own snapshot, then streaming from its slot. */
    OWN_SNAPSHOT,
    /** Streaming from the slot of the engine's own snapshot, which is in the target. */
    STREAM_AFTER_OWN_SNAPSHOT
  }

  /** A start from an explicit savepoint, as Flink CDC's source restores it. */
  static RunStart fromSavepoint(LaunchOptions options) {
    return new RunStart(options, Optional.empty(), List.of(), Phase.FLINK_CDC, null, List.of(), List.of(), List.of());
  }

  /**
   * The refusals of {@link #decide} that need only the pipeline's definition: a resume from checkpoints of
   * a pipeline that captured or wrote otherwise, or whose slot is gone. Made before the pipeline is
   * prepared, so that a refused run creates no target table.
   */
  public static void requireResumable(PipelineDefinition definition, PipelineCheckpoints checkpoints, boolean fresh)
      throws IOException, SQLException, PostgresConnectionException, PipelineRefusedException {
    if (fresh) {
      return;
    }
    Optional<SnapshotMarker> marker = SnapshotMarker.read(checkpoints.directory());
    if (marker.isPresent() && !marker.get().done()) {
      return;
    }
    Optional<Path> latest = checkpoints.latest();
    if (latest.isPresent() || marker.isPresent()) {
      requireResumable(definition, checkpoints, latest.orElse(checkpoints.directory()), marker.isPresent());
    }
  }

  /**
   * Where the run starts; after {@link #requireResumable}, which refuses the resumes this would make.
   *
   * @throws PipelineRefusedException when a new snapshot would keep stale rows
   */
  public static RunStart decide(PreparedPipeline prepared, PipelineCheckpoints checkpoints, boolean fresh)
      throws IOException, SQLException, PostgresConnectionException, PipelineRefusedException {
    if (fresh) {
      checkpoints.clear();
      List<TargetTable> emptied = TargetRows.emptyAll(prepared);
      return newSnapshot(prepared, checkpoints, emptied,
          emptied.isEmpty() ? List.of() : List.of(UserMessage.of(EngineMessage.FRESH_EMPTIED, emptied)));
    }
    Optional<SnapshotMarker> marker = SnapshotMarker.read(checkpoints.directory());
    if (marker.isPresent() && !marker.get().done()) {
      LOG.info("The last run stopped during its snapshot, which cannot be finished: starting it over");
      checkpoints.clear();
      List<TargetTable> emptied = TargetRows.emptyAll(prepared);
      return newSnapshot(prepared, checkpoints, emptied,
          List.of(UserMessage.of(EngineMessage.RUN_SNAPSHOT_REDONE, emptied)));
    }
    Phase streaming = marker.isPresent() ? Phase.STREAM_AFTER_OWN_SNAPSHOT : Phase.FLINK_CDC;
    List<String> tablesSeen = marker.map(SnapshotMarker::tablesSeen).orElse(List.of());
    Optional<Path> latest = checkpoints.latest();
    if (latest.isPresent() || marker.isPresent()) {
      List<TableId> added = added(prepared, checkpoints, streaming, latest.orElse(checkpoints.directory()));
      List<UserMessage> notes = new ArrayList<>();
      latest.ifPresent(checkpoint -> notes.add(UserMessage.of(EngineMessage.RESUME_FROM, checkpoint)));
      if (!added.isEmpty()) {
        notes.add(UserMessage.of(EngineMessage.RUN_TABLES_ADDED, added));
        List<String> unfinished = AddedTablesCopy.unfinished(checkpoints);
        if (!unfinished.isEmpty()) {
          notes.add(UserMessage.of(EngineMessage.RUN_ADDED_REDONE, unfinished));
        }
      }
      LOG.info("Resuming pipeline from {}", latest.map(Path::toString)
          .orElseGet(() -> "slot " + marker.get().slot() + ", after the snapshot a previous run completed"));
      return new RunStart(options(checkpoints, latest.map(checkpoint -> checkpoint.toUri().toString()).orElse(null)),
          latest, List.of(), streaming, null, notes, tablesSeen, added);
    }
    TargetRows.requireEmpty(prepared, EngineMessage.FRESH_TARGET_NOT_EMPTY);
    return newSnapshot(prepared, checkpoints, List.of(), List.of());
  }

  private static RunStart newSnapshot(PreparedPipeline prepared, PipelineCheckpoints checkpoints,
      List<TargetTable> emptied, List<UserMessage> notes)
      throws IOException, SQLException, PostgresConnectionException, PipelineRefusedException {
    checkpoints.useFor(prepared.definition(), prepared.sourceTables().keySet());
    SnapshotPlan.Planned planned;
    try (Connection connection = new PostgresConnector(CONNECT_TIMEOUT)
        .open(prepared.definition().source().endpoint())) {
      planned = SnapshotPlan.plan(connection, prepared);
    }
    List<UserMessage> all = new ArrayList<>(notes);
    all.add(planned.startNote(prepared.definition().source().get(PostgresSourceOptions.SLOT_NAME)));
    if (!planned.planned()) {
      LOG.info("{}", all.get(all.size() - 1).english());
      return new RunStart(options(checkpoints, null), Optional.empty(), emptied, Phase.FLINK_CDC, null, all,
          List.of(), List.of());
    }
    return new RunStart(options(checkpoints, null), Optional.empty(), emptied, Phase.OWN_SNAPSHOT, planned.plan(), all,
        List.of(), List.of());
  }

  /**
   * The tables captured since the checkpoints were taken, which the resumed stream would send changes of
   * but never their rows. Only a pipeline that streams after the engine's own snapshot copies them in one
   * of their own, or leaves a table out; Flink CDC's source state knows its tables.
   */
  private static List<TableId> added(PreparedPipeline prepared, PipelineCheckpoints checkpoints, Phase streaming,
      Path latest) throws IOException, PipelineRefusedException {
    Optional<CapturedTableSet> kept = checkpoints.capturedTables();
    var captured = prepared.sourceTables().keySet();
    if (streaming != Phase.STREAM_AFTER_OWN_SNAPSHOT && kept.map(set -> set.changed(captured)).orElse(false)) {
      throw refused(UserMessage.of(EngineMessage.RESUME_CHANGED, latest));
    }
    List<TableId> added = kept.map(set -> set.added(captured)).orElse(List.of());
    if (added.isEmpty()) {
      // tables removed stay out of the set: added again, they are copied again
      checkpoints.useFor(prepared.definition(), captured);
      AddedTablesCopy.forgetUnfinished(checkpoints);
    }
    return added;
  }

  private static LaunchOptions options(PipelineCheckpoints checkpoints, String savepoint) {
    return new LaunchOptions(savepoint, checkpoints.directory().toUri().toString());
  }

  /** @param ownSnapshot whether the checkpoints stream after the engine's own snapshot, which may add tables */
  private static void requireResumable(PipelineDefinition definition, PipelineCheckpoints checkpoints, Path latest,
      boolean ownSnapshot) throws IOException, SQLException, PostgresConnectionException, PipelineRefusedException {
    if (!checkpoints.fit(definition)) {
      throw refused(UserMessage.of(EngineMessage.RESUME_CHANGED, latest));
    }
    String slot = definition.source().get(PostgresSourceOptions.SLOT_NAME);
    try (Connection connection = new PostgresConnector(CONNECT_TIMEOUT).open(definition.source().endpoint())) {
      if (!new ReplicationSlots(connection).status(slot).exists()) {
        throw refused(UserMessage.of(EngineMessage.RESUME_SLOT_MISSING, latest, slot));
      }
      Optional<CapturedTableSet> kept = checkpoints.capturedTables();
      if (!ownSnapshot && kept.isPresent()
          && kept.get().changed(SourceTables.resolve(connection, definition.source()).keySet())) {
        throw refused(UserMessage.of(EngineMessage.RESUME_CHANGED, latest));
      }
    }
  }

  private static PipelineRefusedException refused(UserMessage problem) {
    return new PipelineRefusedException(List.of(Refusal.of(problem)));
  }
}
