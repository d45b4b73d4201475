package dev.cdcwizard.engine.export;

/** PostgreSQL identifiers, always quoted so that case and special characters survive. */
final class SqlIdentifiers {
  private SqlIdentifiers() {}

  static String quote(String name) {
    if (name == null || name.isEmpty() || name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("Not a PostgreSQL identifier: '" + name + "'");
    }
    return '"' + name.replace("\"", "\"\"") + '"';
  }

  static String qualified(String schema, String table) {
    return quote(schema) + "." + quote(table);
  }
}
