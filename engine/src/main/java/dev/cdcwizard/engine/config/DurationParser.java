package dev.cdcwizard.engine.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads durations the way Flink configuration does: {@code 3s}, {@code 500 ms}, {@code 1min}, {@code 3000}. */
public final class DurationParser {
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*([a-zA-Z]*)");

  private DurationParser() {}

  public static Duration parse(String text) {
    Matcher matcher = DURATION.matcher(text.trim());
    if (!matcher.matches()) {
      throw new IllegalArgumentException(text);
    }
    long amount = Long.parseLong(matcher.group(1));
    return switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
      case "", "ms", "milli", "millis", "millisecond", "milliseconds" -> Duration.ofMillis(amount);
      case "s", "sec", "secs", "second", "seconds" -> Duration.ofSeconds(amount);
      case "m", "min", "mins", "minute", "minutes" -> Duration.ofMinutes(amount);
      case "h", "hour", "hours" -> Duration.ofHours(amount);
      case "d", "day", "days" -> Duration.ofDays(amount);
      default -> throw new IllegalArgumentException(text);
    };
  }

  /** The shortest exact spelling, so that a written definition reads like a hand-written one. */
  public static String format(Duration duration) {
    long millis = duration.toMillis();
    if (millis % 86_400_000 == 0 && millis > 0) {
      return millis / 86_400_000 + "d";
    }
    if (millis % 3_600_000 == 0 && millis > 0) {
      return millis / 3_600_000 + "h";
    }
    if (millis % 60_000 == 0 && millis > 0) {
      return millis / 60_000 + "min";
    }
    if (millis % 1000 == 0) {
      return millis / 1000 + "s";
    }
    return millis + "ms";
  }
}
