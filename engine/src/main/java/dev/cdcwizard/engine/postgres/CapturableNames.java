package dev.cdcwizard.engine.postgres;

/**
 * Whether Flink CDC 3.5's PostgreSQL source can capture a table by its name. It hands the names to
 * Debezium's {@code table.include.list}, a comma-separated list of regular expressions, so a name with a
 * regular-expression character stops matching itself ({@code order$items}, {@code a+b}) and the table is
 * silently left out. Escaping the names there was tried: the source then finds the table, but its
 * snapshot reader fails to find the table's schema (docs/launch.md, known limits).
 */
public final class CapturableNames {
  private static final String REGEX_CHARACTERS = "\\^$|?*+()[]{},";

  private CapturableNames() {}

  /** The characters that make a name uncapturable, space-separated, for messages. */
  public static String unsupportedCharacters() {
    return String.join(" ", REGEX_CHARACTERS.split(""));
  }

  public static boolean isCapturable(String schema, String table) {
    return isCapturable(schema) && isCapturable(table);
  }

  /** A suggested new name: each character the source cannot capture becomes {@code _}. */
  public static String capturable(String name) {
    StringBuilder renamed = new StringBuilder(name.length());
    for (char c : name.toCharArray()) {
      renamed.append(REGEX_CHARACTERS.indexOf(c) >= 0 ? '_' : c);
    }
    return renamed.toString();
  }

  private static boolean isCapturable(String name) {
    return name.chars().noneMatch(c -> REGEX_CHARACTERS.indexOf(c) >= 0);
  }
}
