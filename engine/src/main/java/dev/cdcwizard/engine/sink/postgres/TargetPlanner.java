package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.postgres.Identifiers.quote;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TableRouter;
import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.sink.postgres.TargetColumnTypes.PlannedColumn;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Plans the target tables from the source catalog: a missing table is created with the source's
 * column types, NOT NULL and primary key; an existing one is checked column by column against every
 * source table routed into it, and the target role's privileges are checked for what the plan does.
 * Reads both databases, changes neither.
 */
public final class TargetPlanner {
  private final AddedColumnPolicy policy;

  public TargetPlanner(AddedColumnPolicy policy) {
    this.policy = policy;
  }

  /**
   * @param sourceTables the captured tables by the id the source emits (with the database when the
   *     source includes it), read from the source catalog by schema.table
   */
  public TargetPlan plan(List<TableId> sourceIds, Map<TableId, CatalogTable> sourceTables, TableRouter router,
      Connection target) throws SQLException {
    Map<TableId, List<TableId>> targets = new LinkedHashMap<>();
    for (TableId source : sourceIds) {
      for (String name : router.targetsOf(source)) {
        targets.computeIfAbsent(TargetTableName.parse(name), key -> new ArrayList<>()).add(source);
      }
    }
    Map<TableId, CatalogTable> existing = new LinkedHashMap<>(CatalogTables.read(target, targets.keySet()));
    Set<TableId> awaitingKey = KeysAfterCopy.awaitingKey(target, existing.keySet());
    Set<TableId> keyBuiltHere = KeysAfterCopy.empty(target, awaitingKey);
    Set<String> userTypes = userTypesOn(target, sourceTables.values());
    List<String> statements = new ArrayList<>();
    List<UserMessage> notes = new ArrayList<>();
    List<UserMessage> problems = new ArrayList<>(TargetPrivileges.problems(target, targets.keySet(), existing.keySet()));
    Set<String> schemas = new LinkedHashSet<>();
    List<TableId> created = new ArrayList<>();
    targets.forEach((table, sources) -> {
      for (TableId source : sources) {
        CatalogTable columns = sourceTables.get(TableId.of(source.schema(), source.table()));
        List<PlannedColumn> planned = columns.columns().stream()
            .map(column -> TargetColumnTypes.plan(table + "." + column.name(), column, userTypes)).toList();
        planned.stream().map(PlannedColumn::note).filter(Objects::nonNull).forEach(notes::add);
        CatalogTable current = existing.get(table);
        if (current == null) {
          if (schemas.add(table.schema())) {
            statements.add("CREATE SCHEMA IF NOT EXISTS " + quote(table.schema()));
          }
          statements.add(createTable(table, planned, columns.primaryKey()));
          statements.add(KeysAfterCopy.markCreated(table));
          created.add(table);
          existing.put(table, asCreated(planned, columns.primaryKey()));
        } else {
          if (awaitingKey.remove(table)) {
            // the engine's table, copied into now or by a copy that stopped: that copy's rows are redone by the
            // next, which builds the key at its end; only an empty one gets it here, as building it over rows
            // about to be emptied (or still being copied) would only hold the copy up
            if (keyBuiltHere.contains(table)) {
              statements.add(KeysAfterCopy.addKey(table, columns.primaryKey()));
            }
            current = new CatalogTable(current.columns(), columns.primaryKey());
            existing.put(table, current);
          }
          TargetTableFit.check(source, table, planned, columns.primaryKey(), current, policy,
              statements, notes, problems);
        }
      }
    });
    return new TargetPlan(targets, statements, distinct(notes), problems, created);
  }

  static String createTable(TableId table, List<PlannedColumn> columns, List<String> primaryKey) {
    StringBuilder sql = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(qualified(table)).append(" (");
    for (PlannedColumn column : columns) {
      sql.append("\n  ").append(column.addedDefinition()).append(column.notNull() ? " NOT NULL" : "").append(',');
    }
    sql.append("\n  PRIMARY KEY (")
        .append(String.join(", ", primaryKey.stream().map(Identifiers::quote).toList()))
        .append(")\n)");
    return sql.toString();
  }

  public static String qualified(TableId table) {
    return quote(table.schema()) + "." + quote(table.table());
  }

  private static CatalogTable asCreated(List<PlannedColumn> planned, List<String> primaryKey) {
    return new CatalogTable(planned.stream()
        .map(column -> new CatalogColumn(column.name(), column.type(), column.notNull(), null, ' ', null,
            column.constantDefault(), column.generatedAs()))
        .toList(), primaryKey);
  }

  /** Which of the sources' user types (enums, domains, extension types) the target database has. */
  static Set<String> userTypesOn(Connection target, Iterable<CatalogTable> tables) throws SQLException {
    Set<String> wanted = new LinkedHashSet<>();
    tables.forEach(table -> table.columns().stream().map(CatalogColumn::userType)
        .filter(type -> type != null).forEach(wanted::add));
    Set<String> present = new HashSet<>();
    try (PreparedStatement statement = target.prepareStatement("SELECT to_regtype(?) IS NOT NULL")) {
      for (String type : wanted) {
        statement.setString(1, type);
        try (ResultSet rs = statement.executeQuery()) {
          if (rs.next() && rs.getBoolean(1)) {
            present.add(type);
          }
        }
      }
    }
    return present;
  }

  private static <T> List<T> distinct(List<T> lines) {
    return List.copyOf(new LinkedHashSet<>(lines));
  }
}
