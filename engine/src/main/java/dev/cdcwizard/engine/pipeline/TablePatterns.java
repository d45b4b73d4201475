package dev.cdcwizard.engine.pipeline;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Between concrete tables and the selector text of {@code tables} / {@code source-table}: a selector
 * part is a regular expression, so a literal name has its metacharacters escaped, and a part is literal
 * when it has none left unescaped.
 */
public final class TablePatterns {
  private static final String METACHARACTERS = "\\.[]{}()*+?^$|";

  private TablePatterns() {}

  /** {@code database.schema.table} matching exactly this table (a dot in a name matches any character). */
  public static String literal(String database, TableId table) {
    return escape(database) + "." + escape(table.schema()) + "." + escape(table.table());
  }

  public static String literal(String database, List<TableId> tables) {
    return String.join(",", tables.stream().map(table -> literal(database, table)).toList());
  }

  /**
   * The tables a selector names literally, as schema.table ids; empty when a selector is a pattern
   * (such as {@code inventory.public.order_\d+}) that only a database can resolve.
   */
  public static Optional<List<TableId>> literalTables(String selectorText) {
    List<TableId> tables = new ArrayList<>();
    for (String selector : selectorText.split(",")) {
      if (selector.isBlank()) {
        continue;
      }
      List<String> parts = new ArrayList<>();
      for (String part : selector.trim().split("(?<!\\\\)\\.", -1)) {
        Optional<String> name = unescape(part);
        if (name.isEmpty()) {
          return Optional.empty();
        }
        parts.add(name.get());
      }
      if (parts.size() < 2) {
        return Optional.empty();
      }
      int size = parts.size();
      tables.add(TableId.of(parts.get(size - 2), parts.get(size - 1)));
    }
    return Optional.of(tables);
  }

  private static String escape(String name) {
    if (name.contains(",")) {
      throw new IllegalArgumentException("A table selector cannot name '" + name + "': it contains a comma");
    }
    StringBuilder out = new StringBuilder();
    for (char c : name.toCharArray()) {
      if (METACHARACTERS.indexOf(c) >= 0) {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }

  private static Optional<String> unescape(String part) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < part.length(); i++) {
      char c = part.charAt(i);
      if (c == '\\' && i + 1 < part.length()) {
        out.append(part.charAt(++i));
      } else if (METACHARACTERS.indexOf(c) >= 0) {
        return Optional.empty();
      } else {
        out.append(c);
      }
    }
    return out.isEmpty() ? Optional.empty() : Optional.of(out.toString());
  }
}
