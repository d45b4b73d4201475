package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.snapshot.SnapshotCopy;
import dev.cdcwizard.engine.snapshot.SnapshotMarker;
import dev.cdcwizard.engine.snapshot.SnapshotPlan;
import dev.cdcwizard.engine.snapshot.SnapshotSlot;
import dev.cdcwizard.engine.stream.ExportedSnapshotSlot;
import dev.cdcwizard.engine.watch.TableRewrites;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine's own snapshot of an embedded run, then its handover to streaming. A new slot exports a
 * snapshot; the engine copies every table in it ({@link SnapshotCopy}); once that is committed, the
 * slot's connection closes and the streaming job starts on the slot, at its consistent point. A snapshot
 * that fails or is cancelled drops its slot; one that dies with the process leaves the marker in the
 * pipeline's folder saying it was started and not done, and the next start redoes it.
 */
final class SnapshotPhase extends CopyPhase {
  private static final Logger LOG = LoggerFactory.getLogger(SnapshotPhase.class);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

  private final PostgresEndpoint endpoint;
  private final Path pipelineDirectory;
  private final ExportedSnapshotSlot slot;
  private volatile SnapshotCopy copy;
  private volatile List<String> rewriteBaseline = List.of();

  private SnapshotPhase(PostgresEndpoint endpoint, Path pipelineDirectory, ExportedSnapshotSlot slot) {
    this.endpoint = endpoint;
    this.pipelineDirectory = pipelineDirectory;
    this.slot = slot;
  }

  /** Creates the publication when Debezium would, a new slot and its snapshot, and starts copying. */
  static SnapshotPhase begin(PreparedPipeline prepared, SnapshotPlan plan, Path pipelineDirectory,
      Handover handover) throws Exception {
    var source = prepared.definition().source();
    SnapshotMarker.started(pipelineDirectory, source.get(PostgresSourceOptions.SLOT_NAME));
    SnapshotPhase phase = new SnapshotPhase(source.endpoint(), pipelineDirectory,
        SnapshotSlot.create(source, prepared.sourceTables().keySet()));
    try {
      phase.rewriteBaseline = phase.tablesAtTheSnapshot(prepared);
      phase.copy = SnapshotCopy.start(prepared, plan, phase.slot.snapshotName());
    } catch (Exception e) {
      phase.abandon();
      throw e;
    }
    LOG.info("Snapshot of {} table(s) in {} split(s) started", plan.tables().size(), plan.splits().size());
    Thread watcher = new Thread(() -> phase.awaitThenHandOver(handover), "cdc-wizard-snapshot-handover");
    watcher.setDaemon(true);
    watcher.start();
    return phase;
  }

  private List<String> tablesAtTheSnapshot(PreparedPipeline prepared) throws Exception {
    try (Connection connection = new PostgresConnector(CONNECT_TIMEOUT).open(endpoint)) {
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
      slot.importInto(connection);
      List<String> baseline = TableRewrites.baseline(connection, prepared.sourceTables().keySet());
      connection.rollback();
      return baseline;
    }
  }

  @Override
  public Map<String, Long> rowsCopied() {
    return copy.rowsCopied();
  }

  @Override
  protected void cancelCopy() {
    copy.cancel();
  }

  private void awaitThenHandOver(Handover handover) {
    try {
      try {
        copy.result().join();
      } catch (Throwable e) {
        Throwable cause = failureUnlessCancelled(e);
        if (cause != null) {
          failed(cause);
          LOG.error("The snapshot from slot {} failed", slot.slotName(), cause);
        }
        abandon();
        return;
      }
      try {
        slot.close();
        SnapshotMarker.done(pipelineDirectory, slot.slotName(), slot.consistentPoint().asLong(), rewriteBaseline);
        LOG.info("Snapshot committed; streaming from slot {} at {}", slot.slotName(), slot.consistentPoint());
        if (!cancelled()) {
          handover.startStreaming(rewriteBaseline);
        }
      } catch (Throwable e) {
        failed(e);
        LOG.error("Streaming did not start after the snapshot; the next start streams from slot {}",
            slot.slotName(), e);
      }
    } finally {
      end();
    }
  }

  /** Ends the exported snapshot and drops its slot, so a stopped snapshot holds no WAL back. */
  private void abandon() {
    try {
      slot.close();
    } catch (SQLException e) {
      LOG.debug("Closing the snapshot's slot connection failed", e);
    }
    try {
      SnapshotSlot.drop(endpoint, slot.slotName());
      LOG.info("Dropped slot {} of the stopped snapshot", slot.slotName());
    } catch (Exception e) {
      LOG.warn("Slot {} of the stopped snapshot was not dropped, the next start drops it: {}", slot.slotName(),
          e.getMessage());
    }
  }
}
