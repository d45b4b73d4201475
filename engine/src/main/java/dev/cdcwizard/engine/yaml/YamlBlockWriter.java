package dev.cdcwizard.engine.yaml;

import java.util.List;
import java.util.Map;

/**
 * Block-style YAML text, built line by line so that comments can sit where a reader needs them.
 * Nested values (a transform's entries, a sink's {@code include.schema.changes} list) are written
 * recursively.
 */
final class YamlBlockWriter {
  private static final String INDENT = "  ";
  private final StringBuilder text = new StringBuilder();

  /** One comment line per line of {@code comment}. */
  YamlBlockWriter comment(String indent, String comment) {
    comment.lines().forEach(line -> text.append(indent).append("# ").append(line).append('\n'));
    return this;
  }

  YamlBlockWriter blankLine() {
    text.append('\n');
    return this;
  }

  YamlBlockWriter sectionStart(String name) {
    text.append(name).append(":\n");
    return this;
  }

  /** One {@code key: value} line, or a key followed by its nested block. */
  YamlBlockWriter entry(String indent, String key, Object value) {
    return entry(indent, indent, key, value);
  }

  /** {@code linePrefix} is what precedes the key on its line: the indent, or the indent and a dash. */
  private YamlBlockWriter entry(String linePrefix, String indent, String key, Object value) {
    text.append(linePrefix).append(YamlScalars.format(key)).append(':');
    if (value instanceof Map<?, ?> map && !map.isEmpty()) {
      text.append('\n');
      mapping(indent + INDENT, map);
    } else if (value instanceof List<?> list && !list.isEmpty()) {
      text.append('\n');
      list(indent + INDENT, list);
    } else {
      text.append(' ').append(emptyOrScalar(value)).append('\n');
    }
    return this;
  }

  /** A sequence of mappings or scalars; entries start with {@code - } at {@code indent}. */
  YamlBlockWriter list(String indent, List<?> items) {
    for (Object item : items) {
      if (item instanceof Map<?, ?> map && !map.isEmpty()) {
        boolean first = true;
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          String prefix = first ? indent + "- " : indent + INDENT;
          entry(prefix, indent + INDENT, String.valueOf(entry.getKey()), entry.getValue());
          first = false;
        }
      } else {
        text.append(indent).append("- ").append(emptyOrScalar(item)).append('\n');
      }
    }
    return this;
  }

  private void mapping(String indent, Map<?, ?> map) {
    map.forEach((key, value) -> entry(indent, String.valueOf(key), value));
  }

  private static String emptyOrScalar(Object value) {
    if (value instanceof Map<?, ?>) {
      return "{}";
    }
    if (value instanceof List<?>) {
      return "[]";
    }
    return YamlScalars.format(value);
  }

  @Override
  public String toString() {
    return text.toString();
  }
}
