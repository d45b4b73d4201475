package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.app.wizard.RunSlots;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import java.net.ConnectException;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.flink.api.common.JobStatus;

/** The tutorial's slot without PostgreSQL: it holds what the test says, and drops as the engine would. */
public final class FakeRunSlots implements RunSlots {
  public static final String SLOT = "cdc_orders";

  private volatile boolean exists;
  private final long walRetainedBytes;
  private final boolean dropFails;
  private final boolean active;
  private final boolean unreachable;
  private volatile boolean dropped;
  private final List<String> askedFor = new CopyOnWriteArrayList<>();

  private FakeRunSlots(boolean exists, long walRetainedBytes, boolean dropFails, boolean active, boolean unreachable) {
    this.exists = exists;
    this.walRetainedBytes = walRetainedBytes;
    this.dropFails = dropFails;
    this.active = active;
    this.unreachable = unreachable;
  }

  public static FakeRunSlots holding(long walRetainedBytes) {
    return new FakeRunSlots(true, walRetainedBytes, false, false, false);
  }

  public static FakeRunSlots none() {
    return new FakeRunSlots(false, 0, false, false, false);
  }

  /** A slot whose drop the server refuses. */
  public static FakeRunSlots undroppable(long walRetainedBytes) {
    return new FakeRunSlots(true, walRetainedBytes, true, false, false);
  }

  /** A slot that a job reads now: one on a cluster, which this session did not start. */
  public static FakeRunSlots readByAJob(long walRetainedBytes) {
    return new FakeRunSlots(true, walRetainedBytes, false, true, false);
  }

  /** A source server that does not answer. */
  public static FakeRunSlots unreachable() {
    return new FakeRunSlots(true, 0, false, false, true);
  }

  public boolean dropped() {
    return dropped;
  }

  /** The slot names of the sources asked about, in order. */
  public List<String> askedFor() {
    return askedFor;
  }

  @Override
  public SlotGroupStatus status(SourceDefinition source) throws SQLException {
    askedFor.add(source.get(PostgresSourceOptions.SLOT_NAME));
    if (unreachable) {
      throw new SQLException("The connection attempt failed.", "08001", new ConnectException("Connection timed out"));
    }
    Optional<SlotStatus> main = exists ? Optional.of(new SlotStatus(SLOT, "pgoutput", "logical", "inventory", false,
        active, OptionalInt.empty(), Optional.of("0/1A2B3C4"), Optional.of("0/1A2B3D0"), OptionalLong.of(walRetainedBytes),
        OptionalLong.of(0), Optional.of("reserved"), OptionalLong.empty())) : Optional.empty();
    return new SlotGroupStatus(SLOT, main, List.of());
  }

  @Override
  public List<String> drop(SourceDefinition source, String jobState) throws Exception {
    boolean ended = jobState == null || JobStatus.valueOf(jobState).isGloballyTerminalState();
    if (ended && !active && !dropFails) {
      exists = false;
      dropped = true;
      return List.of(SLOT);
    }
    throw new SQLException("must be superuser or replication role to use replication slots", "42501");
  }
}
