package dev.cdcwizard.engine.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Flink CDC's table selector syntax, used by {@code tables}, {@code tables.exclude} and a route's
 * {@code source-table}: a comma-separated list of selectors ({@code \,} is a literal comma); in each,
 * an unescaped {@code .} separates the id parts and {@code \.} is the regular expression's
 * any-character dot. Parts match case-insensitively and must match the whole corresponding part of
 * the table id. As in Flink CDC, a database.schema.table selector also matches a schema.table id on its
 * last two parts.
 */
public final class TableSelector {
  private static final int MAX_PARTS = 3;

  private final String text;
  private final List<Pattern[]> selectors;

  private TableSelector(String text, List<Pattern[]> selectors) {
    this.text = text;
    this.selectors = selectors;
  }

  /** @throws PatternSyntaxException when a part is not a valid regular expression, or there are too many parts */
  public static TableSelector parse(String text) {
    List<Pattern[]> selectors = new ArrayList<>();
    for (String selector : split(text, ',', false)) {
      String trimmed = selector.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      List<String> parts = split(trimmed, '.', true).stream().map(String::trim).filter(p -> !p.isEmpty()).toList();
      if (parts.isEmpty() || parts.size() > MAX_PARTS) {
        throw new PatternSyntaxException("a selector has one to three parts: [database.]schema.table", trimmed, 0);
      }
      Pattern[] patterns = new Pattern[parts.size()];
      for (int i = 0; i < patterns.length; i++) {
        patterns[i] = Pattern.compile(parts.get(i), Pattern.CASE_INSENSITIVE);
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
      if (!part.matches("[A-Za-z_$][A-Za-z0-9_$]*") || (first != null && !first.equals(part))) {
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

  /** Compares from the table part outwards; a selector may name a database the id leaves out. */
  private static boolean matches(Pattern[] patterns, String[] idParts) {
    if (patterns.length < idParts.length || patterns.length - idParts.length > 1) {
      return false;
    }
    int offset = patterns.length - idParts.length;
    for (int i = 0; i < idParts.length; i++) {
      if (!patterns[i + offset].matcher(idParts[i]).matches()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Splits on unescaped {@code separator}; {@code \separator} stands for the separator itself, turned
   * into the regex any-character dot when {@code escapedDotIsRegex} (Flink CDC's {@code \.}).
   */
  private static List<String> split(String text, char separator, boolean escapedDotIsRegex) {
    List<String> parts = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\' && i + 1 < text.length() && text.charAt(i + 1) == separator) {
        current.append(escapedDotIsRegex ? "." : String.valueOf(separator));
        i++;
      } else if (c == separator) {
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
