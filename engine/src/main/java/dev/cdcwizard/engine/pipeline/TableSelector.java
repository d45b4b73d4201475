package dev.cdcwizard.engine.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Flink CDC's table selector syntax, used by {@code tables}, {@code tables.exclude} and a route's
 * {@code source-table}: a comma-separated list of selectors; in each, an unescaped {@code .} separates
 * the id parts and {@code \.} is the regular expression's any-character dot. Every part must match the
 * whole corresponding part of the table id.
 */
public final class TableSelector {
  private final String text;
  private final List<Pattern[]> selectors;

  private TableSelector(String text, List<Pattern[]> selectors) {
    this.text = text;
    this.selectors = selectors;
  }

  /** @throws PatternSyntaxException when a part is not a valid regular expression */
  public static TableSelector parse(String text) {
    List<Pattern[]> selectors = new ArrayList<>();
    for (String selector : text.split(",")) {
      String trimmed = selector.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      List<String> parts = splitParts(trimmed);
      Pattern[] patterns = new Pattern[parts.size()];
      for (int i = 0; i < patterns.length; i++) {
        patterns[i] = Pattern.compile(parts.get(i));
      }
      selectors.add(patterns);
    }
    if (selectors.isEmpty()) {
      throw new PatternSyntaxException("no table selector", text, 0);
    }
    return new TableSelector(text, List.copyOf(selectors));
  }

  /** The number of id parts of each selector, e.g. 3 for {@code db.schema.table}. */
  public List<Integer> partCounts() {
    return selectors.stream().map(patterns -> patterns.length).toList();
  }

  /** The literal first part of every selector when they all name one database, or null. */
  public String commonLiteralFirstPart() {
    String first = null;
    for (Pattern[] patterns : selectors) {
      String part = patterns[0].pattern();
      if (!part.matches("[A-Za-z0-9_$-]+") || (first != null && !first.equals(part))) {
        return null;
      }
      first = part;
    }
    return first;
  }

  public boolean matches(TableId id) {
    String[] idParts = id.parts();
    for (Pattern[] patterns : selectors) {
      if (matches(patterns, idParts)) {
        return true;
      }
    }
    return false;
  }

  private static boolean matches(Pattern[] patterns, String[] idParts) {
    if (patterns.length != idParts.length) {
      return false;
    }
    for (int i = 0; i < patterns.length; i++) {
      if (!patterns[i].matcher(idParts[i]).matches()) {
        return false;
      }
    }
    return true;
  }

  private static List<String> splitParts(String selector) {
    List<String> parts = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < selector.length(); i++) {
      char c = selector.charAt(i);
      if (c == '\\' && i + 1 < selector.length() && selector.charAt(i + 1) == '.') {
        current.append('.');
        i++;
      } else if (c == '.') {
        parts.add(current.toString());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    parts.add(current.toString());
    return parts;
  }

  @Override
  public String toString() {
    return text;
  }
}
