package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Whether the target role may do what the plan needs, asked before anything runs: CREATE on the
 * database for a missing schema, CREATE on a schema for a missing table, and SELECT, INSERT, UPDATE and
 * DELETE on an existing table. Each missing privilege is one problem with the GRANT that fixes it.
 */
final class TargetPrivileges {
  private static final List<String> TABLE_PRIVILEGES = List.of("SELECT", "INSERT", "UPDATE", "DELETE");

  private TargetPrivileges() {}

  static List<UserMessage> problems(Connection target, Collection<TableId> tables, Set<TableId> existing)
      throws SQLException {
    List<UserMessage> problems = new ArrayList<>();
    Set<String> missingSchemas = new LinkedHashSet<>();
    Set<String> schemasToCreateIn = new LinkedHashSet<>();
    for (TableId table : tables) {
      if (existing.contains(table)) {
        for (String privilege : TABLE_PRIVILEGES) {
          if (!ask(target, "SELECT has_table_privilege(?, '" + privilege + "')", TargetPlanner.qualified(table))) {
            problems.add(UserMessage.of(TargetPlanMessage.TABLE_PRIVILEGE, privilege, table,
                TargetPlanner.qualified(table)));
            break;
          }
        }
      } else if (ask(target, "SELECT NOT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ?)", table.schema())) {
        missingSchemas.add(table.schema());
      } else {
        schemasToCreateIn.add(table.schema());
      }
    }
    if (!missingSchemas.isEmpty() && !ask(target, "SELECT has_database_privilege(current_database(), ?)", "CREATE")) {
      problems.add(UserMessage.of(TargetPlanMessage.CREATE_SCHEMA_PRIVILEGE, String.join(", ", missingSchemas)));
    }
    for (String schema : schemasToCreateIn) {
      if (!ask(target, "SELECT has_schema_privilege(?, 'CREATE')", schema)) {
        problems.add(UserMessage.of(TargetPlanMessage.CREATE_TABLE_PRIVILEGE, schema, Identifiers.quote(schema)));
      }
    }
    return problems;
  }

  private static boolean ask(Connection connection, String sql, String parameter) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setString(1, parameter);
      try (ResultSet rs = statement.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }
}
