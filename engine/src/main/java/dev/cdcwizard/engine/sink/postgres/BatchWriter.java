package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Empties the target tables a TRUNCATE emptied on the source, and writes one table's reduced changes
 * as JDBC batches: all deletes in one, then the upserts, one batch per set of columns. A row without the
 * TOASTed values an UPDATE left alone is an UPDATE of the row its insert wrote before: an INSERT ... ON
 * CONFLICT checks NOT NULL on the row it would insert, before it finds the conflict, and fails on the value
 * left out. When the row is not in the target (an added table's replay of changes older than its copy, whose
 * delete follows), the update writes nothing, as the source has nothing to keep. What the target refuses for good stops the job
 * ({@link TargetRefusals}).
 */
final class BatchWriter {
  private final Connection connection;

  BatchWriter(Connection connection) {
    this.connection = connection;
  }

  void truncate(Collection<TableId> tables) throws SQLException {
    if (tables.isEmpty()) {
      return;
    }
    StringJoiner sql = new StringJoiner(", ", "TRUNCATE TABLE ", "");
    tables.forEach(table -> sql.add(TargetPlanner.qualified(table)));
    try (Statement statement = connection.createStatement()) {
      statement.execute(sql.toString());
    } catch (SQLException e) {
      throw TargetRefusals.stopIfPermanent(tables, e);
    }
  }

  void write(TableId table, List<String> primaryKey, Collection<PendingChanges.Change> changes) throws SQLException {
    Map<List<String>, List<PendingChanges.Change>> upserts = new LinkedHashMap<>();
    Map<List<String>, List<PendingChanges.Change>> updates = new LinkedHashMap<>();
    List<PendingChanges.Change> deletes = new ArrayList<>();
    for (PendingChanges.Change change : changes) {
      if (change.delete()) {
        deletes.add(change);
      } else {
        (change.complete() ? upserts : updates)
            .computeIfAbsent(List.copyOf(change.values().keySet()), columns -> new ArrayList<>()).add(change);
      }
    }
    try {
      if (!deletes.isEmpty()) {
        execute(TargetStatements.delete(table, primaryKey), primaryKey, deletes);
      }
      for (Map.Entry<List<String>, List<PendingChanges.Change>> group : upserts.entrySet()) {
        execute(TargetStatements.upsert(table, group.getKey(), primaryKey), group.getKey(), group.getValue());
      }
      for (Map.Entry<List<String>, List<PendingChanges.Change>> group : updates.entrySet()) {
        List<String> set = group.getKey().stream().filter(column -> !primaryKey.contains(column)).toList();
        if (!set.isEmpty()) {
          List<String> bound = new ArrayList<>(set);
          bound.addAll(primaryKey);
          execute(TargetStatements.update(table, set, primaryKey), bound, group.getValue());
        }
      }
    } catch (SQLException e) {
      throw TargetRefusals.stopIfPermanent(table, e);
    }
  }

  private void execute(String sql, List<String> columns, List<PendingChanges.Change> changes) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      for (PendingChanges.Change change : changes) {
        for (int i = 0; i < columns.size(); i++) {
          bind(statement, i + 1, change.values().get(columns.get(i)));
        }
        statement.addBatch();
      }
      statement.executeBatch();
    }
  }

  private static void bind(PreparedStatement statement, int index, Object value) throws SQLException {
    if (value == null) {
      statement.setNull(index, Types.OTHER);
    } else if (value instanceof byte[] bytes) {
      statement.setBytes(index, bytes);
    } else {
      statement.setString(index, (String) value);
    }
  }
}
