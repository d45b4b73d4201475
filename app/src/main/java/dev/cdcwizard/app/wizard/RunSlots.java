package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.launch.PipelineSlots;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import java.util.List;

/**
 * The replication slot a pipeline run reads from, as the wizard leaves it: what it holds, and dropping
 * it. Injected, so that tests of the close prompt need no PostgreSQL.
 */
public interface RunSlots {
  /** The engine's: the slot of the run's source, dropped only once its job has ended. */
  RunSlots ENGINE = new RunSlots() {
    @Override
    public SlotGroupStatus status(PipelineRun run) throws Exception {
      return slots(run).status();
    }

    @Override
    public List<String> drop(PipelineRun run) throws Exception {
      return slots(run).dropAfterStop(run.status().name());
    }

    private PipelineSlots slots(PipelineRun run) {
      return new PipelineSlots(run.prepared().definition().source());
    }
  };

  /** The slot and its backfill slots as they are now; runs on a background thread. */
  SlotGroupStatus status(PipelineRun run) throws Exception;

  /** Drops them; refuses while the run's job has not ended; runs on a background thread. */
  List<String> drop(PipelineRun run) throws Exception;
}
