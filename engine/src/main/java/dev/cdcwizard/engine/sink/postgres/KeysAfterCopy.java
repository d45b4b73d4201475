package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
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
    for (Map.Entry<TableId, Optional<String>> created : keysOfCreated(target, tables).entrySet()) {
      TableId table = created.getKey();
      if (created.getValue().isPresent() && empty(target, table)) {
        try (Statement statement = target.createStatement()) {
          statement.execute("ALTER TABLE " + TargetPlanner.qualified(table) + " DROP CONSTRAINT "
              + Identifiers.quote(created.getValue().get()));
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
    keysOfCreated(target, tables).forEach((table, key) -> {
      if (key.isEmpty()) {
        keyless.add(table);
      }
    });
    return keyless;
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

  /** The tables of {@code tables} the engine created, each with its primary key constraint's name if it has one. */
  private static Map<TableId, Optional<String>> keysOfCreated(Connection target, Set<TableId> tables)
      throws SQLException {
    Map<String, TableId> byName = new LinkedHashMap<>();
    tables.forEach(table -> byName.put(TargetPlanner.qualified(table), table));
    Map<TableId, Optional<String>> created = new LinkedHashMap<>();
    try (PreparedStatement statement = target.prepareStatement("SELECT t.name, k.conname"
        + " FROM unnest(?::text[]) AS t(name)"
        + " LEFT JOIN pg_constraint k ON k.conrelid = to_regclass(t.name) AND k.contype = 'p'"
        + " WHERE obj_description(to_regclass(t.name), 'pg_class') = ?")) {
      statement.setArray(1, target.createArrayOf("text", byName.keySet().toArray()));
      statement.setString(2, CREATED);
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          created.put(byName.get(rs.getString(1)), Optional.ofNullable(rs.getString(2)));
        }
      }
    }
    return created;
  }

  private static boolean empty(Connection target, TableId table) throws SQLException {
    try (Statement statement = target.createStatement();
        ResultSet rs = statement.executeQuery("SELECT NOT EXISTS (SELECT 1 FROM " + TargetPlanner.qualified(table) + ")")) {
      return rs.next() && rs.getBoolean(1);
    }
  }
}
