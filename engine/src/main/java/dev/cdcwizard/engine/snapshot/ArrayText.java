package dev.cdcwizard.engine.snapshot;

import java.util.function.UnaryOperator;

/**
 * Reads array_out's text of a one-dimensional array ({@code {1,2}}, {@code {"a b",NULL,"say \"hi\""}},
 * {@code [0:1]={1,2}}) the way pgjdbc's PgArray does, and writes it as ConnectFieldConverter writes the
 * resulting list: elements unquoted, unescaped and comma-separated, nulls as NULL.
 */
final class ArrayText {
  private ArrayText() {}

  /**
   * @param element the text ConnectFieldConverter gives an element, from the element's text
   * @throws IllegalArgumentException for a multi-dimensional array, whose streaming value is no list of
   *     scalars and which this does not reproduce
   */
  static String render(String text, UnaryOperator<String> element) {
    int at = text.startsWith("[") ? text.indexOf('=') + 1 : 0;
    expect(text, at++, '{');
    StringBuilder out = new StringBuilder("{");
    if (text.charAt(at) == '}') {
      return end(text, at, out);
    }
    StringBuilder value = new StringBuilder();
    for (boolean first = true; ; first = false) {
      char opening = text.charAt(at);
      if (opening == '{') {
        throw new IllegalArgumentException("Multi-dimensional arrays are not decoded: " + text);
      }
      value.setLength(0);
      boolean quoted = opening == '"';
      if (quoted) {
        at++;
        for (char c = text.charAt(at); c != '"'; c = text.charAt(at)) {
          value.append(c == '\\' ? text.charAt(++at) : c);
          at++;
        }
        at++;
      } else {
        for (char c = text.charAt(at); c != ',' && c != '}'; c = text.charAt(at)) {
          value.append(c);
          at++;
        }
      }
      boolean isNull = !quoted && "NULL".contentEquals(value);
      out.append(first ? "" : ",").append(isNull ? "NULL" : element.apply(value.toString()));
      char next = text.charAt(at);
      if (next == '}') {
        return end(text, at, out);
      }
      expect(text, at++, ',');
    }
  }

  private static String end(String text, int closing, StringBuilder out) {
    if (closing != text.length() - 1) {
      throw new IllegalArgumentException("Unexpected text after the array: " + text);
    }
    return out.append('}').toString();
  }

  private static void expect(String text, int at, char expected) {
    if (at >= text.length() || text.charAt(at) != expected) {
      throw new IllegalArgumentException("Not an array's text (expected '" + expected + "' at " + at + "): " + text);
    }
  }
}
