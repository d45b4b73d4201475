package dev.cdcwizard.app.wizard;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
    return pairs(text, separator).map(pairs -> {
      Map<String, String> map = new LinkedHashMap<>();
      pairs.forEach(pair -> map.put(pair.getKey(), pair.getValue()));
      return map;
    });
  }

  /** The pairs in order, a key that comes twice twice; empty as {@link #parse} is. */
  public static Optional<List<Map.Entry<String, String>>> pairs(String text, String separator) {
    List<Map.Entry<String, String>> pairs = new ArrayList<>();
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
      pairs.add(Map.entry(key, value));
    }
    return Optional.of(pairs);
  }
}
