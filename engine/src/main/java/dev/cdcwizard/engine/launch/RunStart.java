package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.PreparedPipeline;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.UserMessage;
import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.catalog.TableIdentifier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How an embedded run of a prepared pipeline starts: from its latest retained checkpoint when there is
 * one that still fits (its slot exists, the pipeline captures and writes as it did), else from a new
 * snapshot into empty target tables (Iceberg or PostgreSQL). A new snapshot into tables that already hold rows would leave rows
 * deleted in the meantime in place, so that needs {@code fresh}, which empties them first.
 *
 * @param options what the run starts from and where it retains its checkpoints
 * @param resumedFrom the checkpoint it resumes from, if any
 * @param emptied the target tables {@code fresh} emptied
 */
public record RunStart(LaunchOptions options, Optional<Path> resumedFrom, List<TableIdentifier> emptied) {
  private static final Logger LOG = LoggerFactory.getLogger(RunStart.class);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

  /** @throws PipelineRefusedException when resuming would lose changes, or a new snapshot would keep stale rows */
  public static RunStart decide(PreparedPipeline prepared, PipelineCheckpoints checkpoints, boolean fresh)
      throws IOException, SQLException, PostgresConnectionException, PipelineRefusedException {
    if (fresh) {
      checkpoints.clear();
      checkpoints.useFor(prepared.definition());
      return new RunStart(options(checkpoints, null), Optional.empty(), emptyTargets(prepared));
    }
    Optional<Path> latest = checkpoints.latest();
    if (latest.isPresent()) {
      requireResumable(prepared, checkpoints, latest.get());
      LOG.info("Resuming pipeline from retained checkpoint {}", latest.get());
      return new RunStart(options(checkpoints, latest.get().toUri().toString()), latest, List.of());
    }
    requireEmptyTargets(prepared);
    checkpoints.useFor(prepared.definition());
    return new RunStart(options(checkpoints, null), Optional.empty(), List.of());
  }

  private static LaunchOptions options(PipelineCheckpoints checkpoints, String savepoint) {
    return new LaunchOptions(savepoint, checkpoints.directory().toUri().toString());
  }

  private static void requireResumable(PreparedPipeline prepared, PipelineCheckpoints checkpoints, Path latest)
      throws IOException, SQLException, PostgresConnectionException, PipelineRefusedException {
    if (!checkpoints.fit(prepared.definition())) {
      throw refused(UserMessage.of(EngineMessage.RESUME_CHANGED, latest));
    }
    String slot = prepared.definition().source().get(PostgresSourceOptions.SLOT_NAME);
    try (Connection connection = new PostgresConnector(CONNECT_TIMEOUT)
        .open(PipelineJobFactory.endpoint(prepared.definition().source()))) {
      if (!new ReplicationSlots(connection).status(slot).exists()) {
        throw refused(UserMessage.of(EngineMessage.RESUME_SLOT_MISSING, latest, slot));
      }
    }
  }

  private static void requireEmptyTargets(PreparedPipeline prepared)
      throws PipelineRefusedException, SQLException, PostgresConnectionException {
    TargetRows rows = TargetRows.of(prepared);
    List<Refusal> refusals = new ArrayList<>();
    for (TableIdentifier target : prepared.targets()) {
      long held = rows.rowsIn(target);
      if (held > 0) {
        refusals.add(Refusal.of(UserMessage.of(EngineMessage.FRESH_TARGET_NOT_EMPTY, target, held)));
      }
    }
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
    }
  }

  private static List<TableIdentifier> emptyTargets(PreparedPipeline prepared)
      throws SQLException, PostgresConnectionException {
    TargetRows rows = TargetRows.of(prepared);
    List<TableIdentifier> emptied = new ArrayList<>();
    for (TableIdentifier target : prepared.targets()) {
      if (rows.rowsIn(target) > 0) {
        rows.empty(target);
        emptied.add(target);
        LOG.info("Emptied {} to start over", target);
      }
    }
    return emptied;
  }

  private static PipelineRefusedException refused(UserMessage problem) {
    return new PipelineRefusedException(List.of(Refusal.of(problem)));
  }
}
