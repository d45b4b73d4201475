package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;

/**
 * The one way the engine's catalog queries take a set of tables: two text arrays of schemas and names,
 * matched pairwise ({@code (nspname, relname) IN (SELECT * FROM unnest(?::text[], ?::text[]))}), so that
 * one query serves any number of tables.
 */
public final class TableArrays {
  private TableArrays() {}

  /** Binds {@code tables} to parameters {@code first} (their schemas) and {@code first + 1} (their names). */
  public static void bind(Connection connection, PreparedStatement statement, int first,
      Collection<TableName> tables) throws SQLException {
    statement.setArray(first, connection.createArrayOf("text", tables.stream().map(TableName::schema).toArray()));
    statement.setArray(first + 1, connection.createArrayOf("text", tables.stream().map(TableName::name).toArray()));
  }
}
