package dev.cdcwizard.engine.postgres.slot;

import dev.cdcwizard.engine.message.UserMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * When a pipeline's slot puts the server at risk, or the pipeline at risk of losing changes: the one
 * set of rules the wizard's monitor and {@code cdc-wizard slots} both warn by.
 *
 * <ul>
 *   <li>the slot is not active: nothing reads it, and the WAL it holds grows with every write;
 *   <li>it holds more WAL than the limit the user set;
 *   <li>its {@code wal_status} is {@code unreserved}: past {@code max_slot_wal_keep_size}, the server
 *       removes that WAL at its next checkpoint unless the pipeline catches up first;
 *   <li>its {@code wal_status} is {@code lost}: the WAL it needs is gone, it can never be resumed;
 *   <li>at the pace of the samples it passes {@code max_slot_wal_keep_size} within a day ({@link WalForecast}).
 * </ul>
 */
public final class SlotWarnings {
  private static final double MEGABYTE = 1024.0 * 1024.0;
  private static final Duration FORECAST_HORIZON = Duration.ofDays(1);

  private SlotWarnings() {}

  /** @param retainedLimitBytes the WAL above which to warn, if the user set one */
  public static List<UserMessage> of(SlotGroupStatus status, OptionalLong retainedLimitBytes) {
    List<UserMessage> warnings = new ArrayList<>();
    status.main().filter(slot -> !slot.active()).ifPresent(slot -> warnings.add(UserMessage.of(SlotWarning.INACTIVE,
        slot.name(), megabytes(slot.walRetainedBytes().orElse(0)))));
    OptionalLong retained = status.walRetainedBytes();
    if (retainedLimitBytes.isPresent() && retained.isPresent() && retained.getAsLong() > retainedLimitBytes.getAsLong()) {
      warnings.add(UserMessage.of(SlotWarning.RETAINED_OVER_LIMIT, status.slotName(), megabytes(retained.getAsLong()),
          megabytes(retainedLimitBytes.getAsLong())));
    }
    status.all().forEach(slot -> {
      String walStatus = slot.walStatus().orElse("");
      if ("unreserved".equals(walStatus)) {
        warnings.add(UserMessage.of(SlotWarning.UNRESERVED, slot.name()));
      } else if ("lost".equals(walStatus)) {
        warnings.add(UserMessage.of(SlotWarning.LOST, slot.name()));
      }
    });
    return warnings;
  }

  /** Those of the latest of {@code samples} (oldest first), and the forecast of the limit from all of them. */
  public static List<UserMessage> of(List<SlotSample> samples, OptionalLong retainedLimitBytes) {
    if (samples.isEmpty()) {
      return List.of();
    }
    SlotGroupStatus latest = samples.get(samples.size() - 1).status();
    List<UserMessage> warnings = new ArrayList<>(of(latest, retainedLimitBytes));
    WalForecast.untilLimit(samples).filter(left -> left.compareTo(FORECAST_HORIZON) < 0)
        .ifPresent(left -> warnings.add(UserMessage.of(SlotWarning.LIMIT_FORECAST, latest.slotName(),
            Math.max(1, left.toMinutes()))));
    return warnings;
  }

  private static double megabytes(long bytes) {
    return bytes / MEGABYTE;
  }
}
