package dev.cdcwizard.engine.yaml;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Writes a scalar so that any YAML parser reads back the same text. Values are left plain unless a
 * parser would read them as something else: YAML 1.1 booleans ({@code yes}, {@code on}), numbers that
 * are not canonical ({@code 2.50}, {@code 0123}), dates, indicators ({@code *}, {@code :}), comments,
 * surrounding spaces or the empty string.
 */
public final class YamlScalars {
  private static final Set<String> SPECIAL_WORDS = Set.of("y", "yes", "n", "no", "true", "false",
      "on", "off", "null", "~", "<<", "=");
  private static final Pattern CANONICAL_INTEGER = Pattern.compile("0|-?[1-9][0-9]{0,17}");
  private static final Pattern NUMBER_LIKE = Pattern.compile(
      "[-+]?(\\.[0-9]+|[0-9][0-9_,:.]*)([eE][-+]?[0-9]+)?|[-+]?0[xXoObB][0-9a-fA-F_]+"
          + "|[-+]?\\.(inf|Inf|INF|nan|NaN|NAN)");
  private static final Pattern DATE_LIKE = Pattern.compile("[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}.*");
  private static final String INDICATORS = "-?:,[]{}#&*!|>'\"%@`";

  private YamlScalars() {}

  /** The value as it should appear after {@code key: }. */
  public static String format(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Number || value instanceof Boolean) {
      return value.toString();
    }
    String text = value.toString();
    if (needsDoubleQuotes(text)) {
      return doubleQuoted(text);
    }
    return canBePlain(text) ? text : "'" + text.replace("'", "''") + "'";
  }

  static boolean canBePlain(String text) {
    if (text.equals("true") || text.equals("false") || CANONICAL_INTEGER.matcher(text).matches()) {
      return true;
    }
    if (text.isEmpty() || !text.strip().equals(text)) {
      return false;
    }
    return !SPECIAL_WORDS.contains(text.toLowerCase(Locale.ROOT))
        && INDICATORS.indexOf(text.charAt(0)) < 0
        && !text.contains(": ") && !text.contains(" #") && !text.endsWith(":")
        && !NUMBER_LIKE.matcher(text).matches()
        && !DATE_LIKE.matcher(text).matches();
  }

  private static boolean needsDoubleQuotes(String text) {
    return text.chars().anyMatch(c -> c < 0x20 || c == 0x7f);
  }

  private static String doubleQuoted(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '"' -> out.append("\\\"");
        case '\n' -> out.append("\\n");
        case '\t' -> out.append("\\t");
        case '\r' -> out.append("\\r");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            out.append(String.format("\\x%02x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }
}
