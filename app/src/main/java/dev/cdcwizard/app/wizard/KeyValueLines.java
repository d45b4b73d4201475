package dev.cdcwizard.app.wizard;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Text areas of {@code key=value} lines (properties) and {@code source -> target} lines (routes).
 * Blank lines and lines starting with {@code #} are skipped.
 */
public final class KeyValueLines {
  private KeyValueLines() {}

  /** The pairs in order; empty when a line has no separator or an empty side (then the text is invalid). */
  public static Optional<Map<String, String>> parse(String text, String separator) {
    Map<String, String> pairs = new LinkedHashMap<>();
    for (String line : (text == null ? "" : text).split("\\R")) {
      String stripped = line.strip();
      if (stripped.isEmpty() || stripped.startsWith("#")) {
        continue;
      }
      int at = stripped.indexOf(separator);
      if (at <= 0 || at + separator.length() >= stripped.length()) {
        return Optional.empty();
      }
      String key = stripped.substring(0, at).strip();
      String value = stripped.substring(at + separator.length()).strip();
      if (key.isEmpty() || value.isEmpty()) {
        return Optional.empty();
      }
      pairs.put(key, value);
    }
    return Optional.of(pairs);
  }
}
