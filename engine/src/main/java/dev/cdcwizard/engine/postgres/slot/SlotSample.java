package dev.cdcwizard.engine.postgres.slot;

import java.time.Instant;

/** What the slots looked like at one moment: one point of the slot chart. */
public record SlotSample(Instant at, SlotGroupStatus status) {}
