package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotSample;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/** Samples of the tutorial's slot as the engine's sampler reports them, for tests without a server. */
final class SlotSamples {
  static final String SLOT = "cdc_orders";
  static final Instant FIRST = Instant.parse("2026-01-05T09:00:00Z");

  private SlotSamples() {}

  static SlotSample existing(Instant at, boolean active, long walRetainedBytes, long flushLagBytes) {
    SlotStatus main = new SlotStatus(SLOT, "pgoutput", "logical", "inventory", false, active,
        active ? OptionalInt.of(4242) : OptionalInt.empty(), Optional.of("0/1A2B3C4"), Optional.of("0/1A2B3D0"),
        OptionalLong.of(walRetainedBytes), OptionalLong.of(flushLagBytes), Optional.of("reserved"),
        OptionalLong.empty());
    return new SlotSample(at, new SlotGroupStatus(SLOT, Optional.of(main), List.of()));
  }

  static SlotSample missing(Instant at) {
    return new SlotSample(at, new SlotGroupStatus(SLOT, Optional.empty(), List.of()));
  }
}
