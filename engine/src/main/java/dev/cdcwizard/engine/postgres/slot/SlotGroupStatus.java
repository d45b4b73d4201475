package dev.cdcwizard.engine.postgres.slot;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/** A pipeline's slot and the backfill slots {@code <slot>_<n>} its snapshot readers open next to it. */
public record SlotGroupStatus(String slotName, Optional<SlotStatus> main, List<SlotStatus> backfill) {

  public SlotGroupStatus {
    backfill = List.copyOf(backfill);
  }

  public boolean exists() {
    return main.isPresent();
  }

  /** True while anything (the pipeline's stream, a snapshot reader) reads from one of the slots. */
  public boolean active() {
    return all().anyMatch(SlotStatus::active);
  }

  /** The WAL the slots keep from being recycled: the largest, as they overlap. */
  public OptionalLong walRetainedBytes() {
    return all().filter(slot -> slot.walRetainedBytes().isPresent())
        .mapToLong(slot -> slot.walRetainedBytes().getAsLong()).max();
  }

  public Stream<SlotStatus> all() {
    return Stream.concat(main.stream(), backfill.stream());
  }
}
