package dev.cdcwizard.engine.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A table by schema and name, exactly as PostgreSQL spells them (case and spaces kept). */
public record TableName(String schema, String name) implements Comparable<TableName> {
  public static final String DEFAULT_SCHEMA = "public";

  public TableName {
    Objects.requireNonNull(schema, "schema");
    Objects.requireNonNull(name, "name");
  }

  /**
   * Reads {@code schema.table} or {@code table} (schema public). Double quotes keep dots and quotes
   * inside a name: {@code "my.schema"."Order Items"}; unquoted parts are taken verbatim, not folded
   * to lower case, because users type the names the wizard showed them.
   */
  public static TableName parse(String text) {
    List<String> parts = splitQualifiedName(text.strip());
    return switch (parts.size()) {
      case 1 -> new TableName(DEFAULT_SCHEMA, parts.get(0));
      case 2 -> new TableName(parts.get(0), parts.get(1));
      default -> throw new IllegalArgumentException("Not a table name (schema.table): " + text);
    };
  }

  /** {@code "schema"."name"}, safe to put into SQL text. */
  public String quoted() {
    return Identifiers.quote(schema) + "." + Identifiers.quote(name);
  }

  @Override
  public int compareTo(TableName other) {
    int bySchema = schema.compareTo(other.schema);
    return bySchema != 0 ? bySchema : name.compareTo(other.name);
  }

  @Override
  public String toString() {
    return schema + "." + name;
  }

  private static List<String> splitQualifiedName(String text) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' && quoted && i + 1 < text.length() && text.charAt(i + 1) == '"') {
        part.append('"');
        i++;
      } else if (c == '"') {
        quoted = !quoted;
      } else if (c == '.' && !quoted) {
        parts.add(part.toString());
        part.setLength(0);
      } else {
        part.append(c);
      }
    }
    if (quoted) {
      throw new IllegalArgumentException("Unclosed quote in table name: " + text);
    }
    parts.add(part.toString());
    if (parts.stream().anyMatch(String::isEmpty)) {
      throw new IllegalArgumentException("Empty part in table name: " + text);
    }
    return parts;
  }
}
