package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.app.wizard.RunSlots;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** The tutorial's slot without PostgreSQL: it holds what the test says, and drops as the engine would. */
public final class FakeRunSlots implements RunSlots {
  public static final String SLOT = "cdc_orders";

  private volatile boolean exists;
  private final long walRetainedBytes;
  private final boolean dropFails;
  private volatile boolean dropped;

  private FakeRunSlots(boolean exists, long walRetainedBytes, boolean dropFails) {
    this.exists = exists;
    this.walRetainedBytes = walRetainedBytes;
    this.dropFails = dropFails;
  }

  public static FakeRunSlots holding(long walRetainedBytes) {
    return new FakeRunSlots(true, walRetainedBytes, false);
  }

  public static FakeRunSlots none() {
    return new FakeRunSlots(false, 0, false);
  }

  /** A slot whose drop the server refuses. */
  public static FakeRunSlots undroppable(long walRetainedBytes) {
    return new FakeRunSlots(true, walRetainedBytes, true);
  }

  public boolean dropped() {
    return dropped;
  }

  @Override
  public SlotGroupStatus status(PipelineRun run) {
    Optional<SlotStatus> main = exists ? Optional.of(new SlotStatus(SLOT, "pgoutput", "logical", "inventory", false,
        false, OptionalInt.empty(), Optional.of("0/1A2B3C4"), Optional.of("0/1A2B3D0"), OptionalLong.of(walRetainedBytes),
        OptionalLong.of(0), Optional.of("reserved"), OptionalLong.empty())) : Optional.empty();
    return new SlotGroupStatus(SLOT, main, List.of());
  }

  @Override
  public List<String> drop(PipelineRun run) throws Exception {
    if (run.status().isGloballyTerminalState() && !dropFails) {
      exists = false;
      dropped = true;
      return List.of(SLOT);
    }
    throw new SQLException("must be superuser or replication role to use replication slots", "42501");
  }
}
