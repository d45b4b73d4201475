package dev.cdcwizard.engine.postgres;

/**
 * Quotes names for SQL text. Table, schema, role and publication names come from the user's database
 * and may hold spaces, capitals or quotes ({@code a"; DROP TABLE b; --}); quoting every one of them is
 * what keeps the SQL we show and run both correct and free of injection.
 */
public final class Identifiers {
  private Identifiers() {}

  /** A double-quoted identifier: {@code Order Items} becomes {@code "Order Items"}. */
  public static String quote(String identifier) {
    requireNoNul(identifier);
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  /**
   * A single-quoted string literal. Only for places where a bind parameter cannot go (utility
   * statements such as {@code CREATE ROLE ... PASSWORD}); relies on standard_conforming_strings, on
   * by default since PostgreSQL 9.1.
   */
  public static String literal(String value) {
    requireNoNul(value);
    return '\'' + value.replace("'", "''") + '\'';
  }

  private static void requireNoNul(String text) {
    if (text.isEmpty() || text.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("Not a PostgreSQL name: empty or holding a NUL character");
    }
  }
}
