package dev.cdcwizard.engine.postgres.slot;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * When a slot would pass {@code max_slot_wal_keep_size} at the pace of the samples: PostgreSQL 13+ says
 * how much WAL can still be written before the slot's WAL is at risk ({@code safe_wal_size}), and the
 * samples say how fast that room shrinks. No forecast without a limit (PostgreSQL 12 and older, or
 * {@code -1}), with too short a history, or while the room does not shrink.
 */
public final class WalForecast {
  /** Shorter spans mistake a burst of writes, or a checkpoint's recycling, for a pace. */
  static final Duration MINIMUM_SPAN = Duration.ofMinutes(1);

  private WalForecast() {}

  /** @param samples oldest first, of one slot */
  public static Optional<Duration> untilLimit(List<SlotSample> samples) {
    if (samples.size() < 2) {
      return Optional.empty();
    }
    SlotSample first = samples.get(0);
    SlotSample last = samples.get(samples.size() - 1);
    OptionalLong roomBefore = room(first);
    OptionalLong roomNow = room(last);
    Duration span = Duration.between(first.at(), last.at());
    if (roomBefore.isEmpty() || roomNow.isEmpty() || span.compareTo(MINIMUM_SPAN) < 0) {
      return Optional.empty();
    }
    long shrunk = roomBefore.getAsLong() - roomNow.getAsLong();
    if (shrunk <= 0) {
      return Optional.empty();
    }
    double bytesPerMilli = (double) shrunk / span.toMillis();
    return Optional.of(Duration.ofMillis((long) (Math.max(0, roomNow.getAsLong()) / bytesPerMilli)));
  }

  private static OptionalLong room(SlotSample sample) {
    return sample.status().main().map(SlotStatus::safeWalSizeBytes).orElse(OptionalLong.empty());
  }
}
