package dev.cdcwizard.engine.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Lines of columns padded by the width a terminal gives their text, not by characters: a Chinese,
 * Japanese or Korean character takes two columns, a combining mark none. The layout is written as a
 * printf format restricted to {@code %s} (as is), {@code %-Ns} (left-aligned in N columns),
 * {@code %Ns} (right-aligned) and {@code %n}; for ASCII text a line is exactly what
 * {@code String.format} makes of it. A value wider than its column is kept whole and pushes the rest
 * of its line to the right, as printf does.
 */
final class TextColumns {
  private static final Pattern SPECIFIER = Pattern.compile("%(-?)(\\d*)([sn])");

  /** Literal text ({@link String}) and columns ({@link Column}), in the order of the line. */
  private final List<Object> parts;
  private final int columns;

  private TextColumns(List<Object> parts) {
    this.parts = List.copyOf(parts);
    this.columns = (int) parts.stream().filter(Column.class::isInstance).count();
  }

  static TextColumns of(String layout) {
    List<Object> parts = new ArrayList<>();
    Matcher specifier = SPECIFIER.matcher(layout);
    int end = 0;
    while (specifier.find()) {
      parts.add(layout.substring(end, specifier.start()));
      parts.add(specifier.group(3).equals("n") ? System.lineSeparator()
          : new Column(specifier.group(2).isEmpty() ? 0 : Integer.parseInt(specifier.group(2)),
              specifier.group(1).isEmpty()));
      end = specifier.end();
    }
    parts.add(layout.substring(end));
    if (layout.replaceAll(SPECIFIER.pattern(), "").contains("%")) {
      throw new IllegalArgumentException("Only %s, %-Ns, %Ns and %n are column specifiers: " + layout);
    }
    return new TextColumns(parts);
  }

  /**
   * This layout with every column of a width at least as wide as its header, so that a header longer in
   * one language than the others still fits; a {@code %s} column stays as wide as its text.
   */
  TextColumns fitting(String... headers) {
    checkCount(headers.length);
    List<Object> fitted = new ArrayList<>();
    int index = 0;
    for (Object part : parts) {
      if (part instanceof Column column) {
        int headerWidth = width(headers[index++]);
        fitted.add(column.width() == 0 ? column : new Column(Math.max(column.width(), headerWidth), column.right()));
      } else {
        fitted.add(part);
      }
    }
    return new TextColumns(fitted);
  }

  /** One line of {@code values}, one for each column, as {@link String#valueOf(Object)} writes them. */
  String line(Object... values) {
    checkCount(values.length);
    StringBuilder line = new StringBuilder();
    int index = 0;
    for (Object part : parts) {
      if (part instanceof Column column) {
        line.append(pad(String.valueOf(values[index++]), column.width(), column.right()));
      } else {
        line.append((String) part);
      }
    }
    return line.toString();
  }

  /** {@code text} followed (or, {@code right}-aligned, preceded) by spaces up to {@code columns} display columns. */
  static String pad(String text, int columns, boolean right) {
    String spaces = " ".repeat(Math.max(0, columns - width(text)));
    return right ? spaces + text : text + spaces;
  }

  /** {@code text} left-aligned in {@code columns} display columns. */
  static String pad(String text, int columns) {
    return pad(text, columns, false);
  }

  /** The number of terminal columns {@code text} takes. */
  static int width(CharSequence text) {
    return text.codePoints().map(TextColumns::width).sum();
  }

  private static int width(int codePoint) {
    int type = Character.getType(codePoint);
    if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT) {
      return 0;
    }
    return isWide(codePoint) ? 2 : 1;
  }

  /** East Asian Wide and Fullwidth: what terminals draw in two columns. */
  private static boolean isWide(int c) {
    return c >= 0x1100 && c <= 0x115F // Hangul Jamo, leading consonants
        || c >= 0x2E80 && c <= 0x303E // CJK radicals, Kangxi radicals, CJK Symbols and Punctuation
        || c >= 0x3041 && c <= 0x33FF // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
        || c >= 0x3400 && c <= 0x4DBF // CJK Unified Ideographs Extension A
        || c >= 0x4E00 && c <= 0x9FFF // CJK Unified Ideographs
        || c >= 0xA000 && c <= 0xA4CF // Yi
        || c >= 0xA960 && c <= 0xA97F // Hangul Jamo Extended-A
        || c >= 0xAC00 && c <= 0xD7A3 // Hangul Syllables
        || c >= 0xF900 && c <= 0xFAFF // CJK Compatibility Ideographs
        || c >= 0xFE10 && c <= 0xFE19 // vertical forms
        || c >= 0xFE30 && c <= 0xFE6F // CJK compatibility forms, small form variants
        || c >= 0xFF00 && c <= 0xFF60 // fullwidth forms (not the halfwidth ones after them)
        || c >= 0xFFE0 && c <= 0xFFE6 // fullwidth signs
        || c >= 0x20000 && c <= 0x3FFFD; // CJK Unified Ideographs Extension B and later
  }

  private void checkCount(int given) {
    if (given != columns) {
      throw new IllegalArgumentException(given + " values for " + columns + " columns");
    }
  }

  private record Column(int width, boolean right) {}
}
