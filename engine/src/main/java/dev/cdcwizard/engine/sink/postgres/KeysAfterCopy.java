package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The primary keys of the target tables the engine created, built once the initial copy is in rather than
 * kept up row by row during it, as pg_dump's script does: a million rows go in about a quarter faster
 * (docs/benchmarks/postgres-replication.md). Only a table the engine created (its comment says so) that holds
 * no row loses its key for the copy, and nothing else writes to it until the copy is over: the stream starts
 * after it. A copy that stops half-way leaves the table without its key, and its rows to the next copy, which
 * empties the table and builds the key at its end; the plan builds the key of such a table that holds no row.
 */
public final class KeysAfterCopy {
  private static final Logger LOG = LoggerFactory.getLogger(KeysAfterCopy.class);
  /** The comment of a table the engine created: only such a table's key is ever dropped. */
  static final String CREATED = "cdc-wizard:created";

  private KeysAfterCopy() {}

  static String markCreated(TableId table) {
    return "COMMENT ON TABLE " + TargetPlanner.qualified(table) + " IS " + Identifiers.literal(CREATED);
  }

  static String addKey(TableId table, List<String> key) {
    return "ALTER TABLE " + TargetPlanner.qualified(table) + " ADD PRIMARY KEY ("
        + String.join(", ", key.stream().map(Identifiers::quote).toList()) + ")";
  }

  /** Drops the key of each of {@code tables} that the engine created and that holds no row. */
  public static void dropForCopy(Connection target, Set<TableId> tables) throws SQLException {
    for (TableId table : tables) {
      Optional<String> constraint = keyOfCreated(target, table);
      if (constraint.isPresent() && empty(target, table)) {
        try (Statement statement = target.createStatement()) {
          statement.execute("ALTER TABLE " + TargetPlanner.qualified(table) + " DROP CONSTRAINT "
              + Identifiers.quote(constraint.get()));
          LOG.info("Copying into {} without its primary key, built once the copy is in", table);
        } catch (SQLException e) {
          // a key another table's foreign key refers to, say: the copy keeps it up as it goes
          LOG.info("The primary key of {} stays during the copy: {}", table, e.getMessage());
        }
      }
    }
  }

  /** Builds the key of each of {@code keys}' tables that the engine created and that has none. */
  public static void build(Connection target, Map<TableId, List<String>> keys) throws SQLException {
    for (TableId table : awaitingKey(target, keys.keySet())) {
      try (Statement statement = target.createStatement()) {
        statement.execute(addKey(table, keys.get(table)));
      }
      LOG.info("Built the primary key of {} after the copy", table);
    }
  }

  /**
   * Of {@code tables}, those the engine created that have no primary key: a copy into them is under way, or
   * stopped before it built the key.
   */
  static Set<TableId> awaitingKey(Connection target, Set<TableId> tables) throws SQLException {
    Set<TableId> keyless = new LinkedHashSet<>();
    for (TableId table : tables) {
      if (created(target, table) && keyOf(target, table).isEmpty()) {
        keyless.add(table);
      }
    }
    return keyless;
  }

  private static Optional<String> keyOfCreated(Connection target, TableId table) throws SQLException {
    return created(target, table) ? keyOf(target, table) : Optional.empty();
  }

  private static boolean created(Connection target, TableId table) throws SQLException {
    try (PreparedStatement statement = target.prepareStatement(
        "SELECT obj_description(to_regclass(?), 'pg_class') = ?")) {
      statement.setString(1, TargetPlanner.qualified(table));
      statement.setString(2, CREATED);
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  private static Optional<String> keyOf(Connection target, TableId table) throws SQLException {
    try (PreparedStatement statement = target.prepareStatement(
        "SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(?) AND contype = 'p'")) {
      statement.setString(1, TargetPlanner.qualified(table));
      try (ResultSet rs = statement.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    }
  }

  /** Of {@code tables}, those that hold no row. */
  static Set<TableId> empty(Connection target, Set<TableId> tables) throws SQLException {
    Set<TableId> empty = new LinkedHashSet<>();
    for (TableId table : tables) {
      if (empty(target, table)) {
        empty.add(table);
      }
    }
    return empty;
  }

  private static boolean empty(Connection target, TableId table) throws SQLException {
    try (Statement statement = target.createStatement();
        ResultSet rs = statement.executeQuery("SELECT NOT EXISTS (SELECT 1 FROM " + TargetPlanner.qualified(table) + ")")) {
      return rs.next() && rs.getBoolean(1);
    }
  }
}
