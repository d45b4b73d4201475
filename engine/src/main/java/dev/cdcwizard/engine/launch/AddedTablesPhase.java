package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.PreparedPipeline;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The copy of tables added to a pipeline ({@link AddedTablesCopy}) while the run is already under way: its
 * progress and cancel reach the user as the own snapshot's do, and the resumed streaming job starts once
 * the copy is in the target. A copy that fails or is cancelled leaves its marker, so the next start empties
 * those tables and copies them again.
 */
final class AddedTablesPhase extends CopyPhase {
  private static final Logger LOG = LoggerFactory.getLogger(AddedTablesPhase.class);

  private final List<TableId> added;
  private final AddedTablesCopy.Started copy;

  private AddedTablesPhase(List<TableId> added, AddedTablesCopy.Started copy) {
    this.added = List.copyOf(added);
    this.copy = copy;
  }

  /**
   * Refuses what cannot be copied exactly (synchronously), then copies in the background.
   *
   * @param tablesSeen the other tables as the own snapshot saw them, to which the copy adds the added ones
   */
  static AddedTablesPhase begin(PreparedPipeline prepared, List<TableId> added, PipelineCheckpoints checkpoints,
      List<String> tablesSeen, Handover handover) throws Exception {
    AddedTablesPhase phase = new AddedTablesPhase(added, AddedTablesCopy.start(prepared, added, checkpoints));
    List<String> seen = new ArrayList<>(tablesSeen);
    seen.addAll(phase.copy.seen());
    Thread watcher = new Thread(() -> phase.awaitThenHandOver(prepared, checkpoints, seen, handover),
        "cdc-wizard-added-tables");
    watcher.setDaemon(true);
    watcher.start();
    return phase;
  }

  @Override
  public Map<String, Long> rowsCopied() {
    return copy.copy().rowsCopied();
  }

  @Override
  protected void cancelCopy() {
    copy.copy().cancel();
  }

  private void awaitThenHandOver(PreparedPipeline prepared, PipelineCheckpoints checkpoints, List<String> seen,
      Handover handover) {
    try {
      if (copied(prepared, checkpoints) && !cancelled()) {
        handover.startStreaming(seen);
      }
    } catch (Throwable e) {
      failed(e);
      LOG.error("The pipeline did not resume after the copy of {}", added, e);
    } finally {
      end();
    }
  }

  private boolean copied(PreparedPipeline prepared, PipelineCheckpoints checkpoints) throws Exception {
    try {
      copy.copy().result().join();
      copy.exporter().rollback();
    } catch (Throwable e) {
      Throwable cause = failureUnlessCancelled(e);
      if (cause != null) {
        failed(cause);
        LOG.error("The copy of {} added to the pipeline failed; the next start copies them again", added, cause);
      }
      return false;
    } finally {
      closeExporter();
    }
    AddedTablesCopy.finish(prepared, checkpoints, copy.seen());
    LOG.info("Copied {}; the pipeline resumes with them", added);
    return true;
  }

  private void closeExporter() {
    try {
      copy.exporter().close();
    } catch (SQLException e) {
      LOG.debug("Closing the exporting session of the added tables' copy failed", e);
    }
  }
}
