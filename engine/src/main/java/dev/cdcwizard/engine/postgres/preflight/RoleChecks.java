package dev.cdcwizard.engine.postgres.preflight;

import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.REPLICATION_ROLE;
import static dev.cdcwizard.engine.postgres.preflight.PreflightCheck.TABLE_SELECT;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.TableName;
import java.util.List;
import java.util.stream.Collectors;

/** What the connecting role may do: replicate, and read the chosen tables for the snapshot. */
final class RoleChecks {
  private RoleChecks() {}

  static CheckResult replication(RoleFacts role) {
    if (role.superuser()) {
      return CheckResult.pass(REPLICATION_ROLE, PostgresMessage.ROLE_SUPERUSER, role.name());
    }
    if (role.replication() || role.rdsReplication()) {
      return CheckResult.pass(REPLICATION_ROLE, PostgresMessage.ROLE_REPLICATION_OK, role.name());
    }
    String user = Identifiers.quote(role.name());
    String fix = "ALTER ROLE " + user + " WITH REPLICATION;\n"
        + "-- Amazon RDS / Aurora: GRANT rds_replication TO " + user + ";";
    return CheckResult.fail(REPLICATION_ROLE, fix, PostgresMessage.ROLE_REPLICATION_MISSING, role.name());
  }

  static CheckResult select(RoleFacts role, List<TableFacts> tables) {
    List<TableFacts> unreadable = tables.stream()
        .filter(table -> table.info().isPresent() && !table.readable()).toList();
    if (unreadable.isEmpty()) {
      return CheckResult.pass(TABLE_SELECT, PostgresMessage.SELECT_OK, role.name());
    }
    String user = Identifiers.quote(role.name());
    String fix = unreadable.stream().map(TableFacts::name).map(TableName::schema).distinct()
        .map(schema -> "GRANT USAGE ON SCHEMA " + Identifiers.quote(schema) + " TO " + user + ";\n")
        .collect(Collectors.joining())
        + unreadable.stream().map(table -> "GRANT SELECT ON " + table.name().quoted() + " TO " + user + ";")
            .collect(Collectors.joining("\n"));
    return CheckResult.fail(TABLE_SELECT, fix, PostgresMessage.SELECT_MISSING, role.name(),
        names(unreadable));
  }

  static String names(List<TableFacts> tables) {
    return tables.stream().map(table -> table.name().toString()).collect(Collectors.joining(", "));
  }
}
