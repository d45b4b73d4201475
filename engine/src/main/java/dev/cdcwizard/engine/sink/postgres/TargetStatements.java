package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.postgres.Identifiers.quote;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import java.util.List;
import java.util.stream.Collectors;

/** The SQL the sink writes with; every identifier quoted. */
final class TargetStatements {
  private TargetStatements() {}

  /** INSERT ... ON CONFLICT (key) DO UPDATE SET only the given columns: others keep their values. */
  static String upsert(TableId table, List<String> columns, List<String> primaryKey) {
    String names = columns.stream().map(Identifiers::quote)
        .collect(Collectors.joining(", "));
    String params = columns.stream().map(column -> "?").collect(Collectors.joining(", "));
    List<String> updated = columns.stream().filter(column -> !primaryKey.contains(column)).toList();
    String conflict = primaryKey.stream().map(Identifiers::quote)
        .collect(Collectors.joining(", "));
    return "INSERT INTO " + TargetPlanner.qualified(table) + " (" + names + ") VALUES (" + params + ")"
        + " ON CONFLICT (" + conflict + ") DO " + (updated.isEmpty() ? "NOTHING" : "UPDATE SET "
            + updated.stream().map(column -> quote(column) + " = EXCLUDED." + quote(column))
                .collect(Collectors.joining(", ")));
  }

  /** Parameters: the {@code set} columns, then the key. */
  static String update(TableId table, List<String> set, List<String> primaryKey) {
    return "UPDATE " + TargetPlanner.qualified(table) + " SET "
        + set.stream().map(column -> quote(column) + " = ?").collect(Collectors.joining(", ")) + " WHERE "
        + primaryKey.stream().map(column -> quote(column) + " = ?").collect(Collectors.joining(" AND "));
  }

  static String delete(TableId table, List<String> primaryKey) {
    return "DELETE FROM " + TargetPlanner.qualified(table) + " WHERE "
        + primaryKey.stream().map(column -> quote(column) + " = ?").collect(Collectors.joining(" AND "));
  }
}
