package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.launch.PipelineSlots;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import java.util.List;

/**
 * The replication slot a pipeline's source reads from, as the wizard leaves it: what it holds, and
 * dropping it; whether this session ran the pipeline or only knows it. Injected, so that tests of the
 * close prompt need no PostgreSQL.
 */
public interface RunSlots {
  /** How long closing waits for the source server: one that is not there must not keep the window open. */
  int TIMEOUT_SECONDS = 5;

  /** The engine's: the slot of the source, dropped only once the job that read it has ended. */
  RunSlots ENGINE = new RunSlots() {
    @Override
    public SlotGroupStatus status(SourceDefinition source) throws Exception {
      return new PipelineSlots(source, TIMEOUT_SECONDS).status();
    }

    @Override
    public List<String> drop(SourceDefinition source, String jobState) throws Exception {
      return new PipelineSlots(source, TIMEOUT_SECONDS).dropAfterStop(jobState);
    }
  };

  /** The slot and its backfill slots as they are now; runs on a background thread. */
  SlotGroupStatus status(SourceDefinition source) throws Exception;

  /**
   * Drops them; refuses while the job that read them has not ended, and while any of them is active.
   * Runs on a background thread.
   *
   * @param jobState the Flink state of this session's run of the pipeline; null when it ran none
   */
  List<String> drop(SourceDefinition source, String jobState) throws Exception;
}
