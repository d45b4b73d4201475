package dev.cdcwizard.app.fx;

import dev.cdcwizard.i18n.Message;
import java.time.Duration;

/** A span of time in the two units that read best: seconds, minutes and seconds, or hours and minutes. */
public final class DurationText {
  private DurationText() {}

  public static Message of(Duration duration) {
    long seconds = Math.max(0, duration.toSeconds());
    if (seconds < 60) {
      return Message.of("common.duration.seconds", seconds);
    }
    if (seconds < 3600) {
      return Message.of("common.duration.minutes", seconds / 60, seconds % 60);
    }
    return Message.of("common.duration.hours", seconds / 3600, seconds % 3600 / 60);
  }
}
