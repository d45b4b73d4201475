package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * The slot view after a stop: whether the pipeline's slot (and any {@code <slot>_<n>} backfill slot)
 * still holds WAL, and dropping them. A stopped pipeline resumes from its slot, so dropping is the
 * user's choice, offered only once no job uses the slots.
 */
public final class PipelineSlots {
  private static final int TIMEOUT_SECONDS = 10;

  private final SourceDefinition source;
  private final int timeoutSeconds;

  public PipelineSlots(SourceDefinition source) {
    this(source, TIMEOUT_SECONDS);
  }

  /** @param timeoutSeconds how long to wait for the source server to connect and log in */
  public PipelineSlots(SourceDefinition source, int timeoutSeconds) {
    this.source = source;
    this.timeoutSeconds = timeoutSeconds;
  }

  public String slotName() {
    return source.get(PostgresSourceOptions.SLOT_NAME);
  }

  /** The slots as they are now; {@link SlotGroupStatus#walRetainedBytes()} is the WAL they hold. */
  public SlotGroupStatus status() throws SQLException {
    try (Connection connection = source.endpoint().connect(timeoutSeconds)) {
      return new ReplicationSlots(connection).status(slotName());
    }
  }

  /**
   * Drops the slot and its backfill slots. Refuses while the job that reads them has not ended
   * ({@code jobState} as Flink reports it; a restarting job comes back to its slot) and, through
   * {@link ReplicationSlots#dropWithBackfill}, while any of them is active.
   */
  public List<String> dropAfterStop(String jobState) throws SQLException, SlotDropRefusedException {
    if (jobState != null && !FlinkJobs.terminal(jobState)) {
      throw new IllegalStateException("The pipeline's job is " + jobState
          + ": stop or cancel it before dropping its slot " + slotName());
    }
    try (Connection connection = source.endpoint().connect(timeoutSeconds)) {
      return new ReplicationSlots(connection).dropWithBackfill(slotName());
    }
  }
}
