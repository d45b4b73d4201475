package dev.cdcwizard.engine.watch;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.runtime.execution.SuppressRestartsException;

/**
 * Finds a name of a captured table's part that changed under the same catalog number: a column renamed (its
 * attnum stays; pgoutput names columns, so the sinks would take it for a column dropped and another added) or
 * a value of an enum type a column uses renamed (its label's oid stays; every row holding it changes without a
 * row event). What was seen is kept in the job's state, so a rename made while the pipeline was stopped is found
 * at its resume.
 */
final class CatalogRenames implements CatalogLook {
  /** Enum types used directly, as an array's element or under a domain. */
  private static final String ENUM_LABELS = """
      SELECT DISTINCT a.attrelid, e.oid, format_type(e.enumtypid, NULL), e.enumlabel
      FROM pg_attribute a
      JOIN pg_type t ON t.oid = a.atttypid
      JOIN pg_enum e ON e.enumtypid IN (t.oid, t.typelem, t.typbasetype)
      WHERE a.attrelid = ANY (?) AND a.attnum > 0 AND NOT a.attisdropped""";

  /** The stop for a name of {@code table} that went from {@code before} to {@code now}, within {@code owner}. */
  private interface Stop {
    PipelineStopException of(TableId table, String owner, String before, String now);
  }

  /** Reads table oid -> number -> owner and name. */
  private interface Names {
    Map<Long, Map<Long, String[]>> read(Connection connection, Collection<Long> tables, List<ColumnFacts> columns)
        throws SQLException;
  }

  private final String stateName;
  private final Names names;
  private final Stop stop;
  /** table oid -> number -> owner and name, as last seen. */
  private final Map<Long, Map<Long, String[]>> seen = new HashMap<>();

  private CatalogRenames(String stateName, Names names, Stop stop) {
    this.stateName = stateName;
    this.names = names;
    this.stop = stop;
  }

  @Override
  public String stateName() {
    return stateName;
  }

  static CatalogRenames columns() {
    return new CatalogRenames("column-names", (connection, tables, columns) -> columnNames(columns),
        (table, owner, before, now) ->
        new PipelineStopException(EngineMessage.STOP_COLUMN_RENAMED, table, before, now));
  }

  static CatalogRenames enumValues() {
    return new CatalogRenames("enum-labels", (connection, tables, columns) -> enumLabels(connection, tables),
        (table, type, before, now) ->
        new PipelineStopException(EngineMessage.STOP_ENUM_VALUE_RENAMED, table, type, before, now));
  }

  @Override
  public void check(Connection connection, Map<Long, TableId> tableNames, List<ColumnFacts> columns)
      throws SQLException {
    Map<Long, Map<Long, String[]>> now = names.read(connection, tableNames.keySet(), columns);
    now.forEach((table, parts) -> {
      Map<Long, String[]> before = seen.getOrDefault(table, Map.of());
      parts.forEach((number, part) -> {
        String[] earlier = before.get(number);
        if (earlier != null && !earlier[1].equals(part[1])) {
          throw new SuppressRestartsException(stop.of(tableNames.get(table), part[0], earlier[1], part[1]));
        }
      });
      seen.put(table, parts);
    });
  }

  @Override
  public List<String> entries() {
    return seen.entrySet().stream().flatMap(table -> table.getValue().entrySet().stream()
        .map(part -> table.getKey() + "\t" + part.getKey() + "\t" + part.getValue()[0] + "\t"
            + part.getValue()[1])).toList();
  }

  @Override
  public void restore(Iterable<String> entries) {
    for (String entry : entries) {
      String[] parts = entry.split("\t", 4);
      // column names were first kept without an owner: number, then name
      String[] part = parts.length == 3 ? new String[] {"", parts[2]} : new String[] {parts[2], parts[3]};
      seen.computeIfAbsent(Long.parseLong(parts[0]), table -> new HashMap<>()).put(Long.parseLong(parts[1]), part);
    }
  }

  private static Map<Long, Map<Long, String[]>> columnNames(List<ColumnFacts> columns) {
    Map<Long, Map<Long, String[]>> read = new HashMap<>();
    columns.forEach(column -> read.computeIfAbsent(column.tableOid(), table -> new HashMap<>())
        .put((long) column.position(), new String[] {"", column.name()}));
    return read;
  }

  private static Map<Long, Map<Long, String[]>> enumLabels(Connection connection, Collection<Long> tables)
      throws SQLException {
    Map<Long, Map<Long, String[]>> read = new HashMap<>();
    try (PreparedStatement statement = connection.prepareStatement(ENUM_LABELS)) {
      statement.setArray(1, connection.createArrayOf("bigint", tables.toArray()));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          read.computeIfAbsent(rs.getLong(1), table -> new HashMap<>())
              .put(rs.getLong(2), new String[] {rs.getString(3), rs.getString(4)});
        }
      }
    }
    return read;
  }
}
