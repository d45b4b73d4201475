package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.PrimaryKeys;
import dev.cdcwizard.engine.record.RecordShape;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tables a source captures, resolved against the database's catalog: which exist and match
 * {@code tables} but not {@code tables.exclude}, and their columns and primary keys. Three catalog
 * queries, however many tables.
 */
public final class SourceTables {
  private static final String TABLES = """
      SELECT n.nspname, c.relname
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1, 2""";
  private static final String COLUMNS = """
      SELECT table_schema, table_name, column_name, data_type, numeric_precision, numeric_scale,
             character_maximum_length, is_nullable = 'YES'
      FROM information_schema.columns
      WHERE (table_schema, table_name) IN (SELECT * FROM unnest(?::text[], ?::text[]))
      ORDER BY table_schema, table_name, ordinal_position""";

  private SourceTables() {}

  /**
   * The captured tables with their shapes, keyed by the id the source emits for them: schema.table,
   * or database.schema.table with {@code table-id.include-database}.
   */
  public static Map<TableId, RecordShape> resolve(Connection connection, SourceDefinition source)
      throws SQLException {
    String database = source.database();
    boolean includeDatabase = source.get(PostgresSourceOptions.TABLE_ID_INCLUDE_DATABASE);
    List<TableId> tables = new ArrayList<>();
    try (Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery(TABLES)) {
      while (rs.next()) {
        TableId id = TableId.of(rs.getString(1), rs.getString(2));
        if (source.captures(new TableId(database, id.schema(), id.table()))) {
          tables.add(id);
        }
      }
    }
    Map<TableId, List<RecordShape.Column>> columns = columns(connection, tables);
    Map<TableName, List<String>> keys = PrimaryKeys.read(connection, names(tables));
    Map<TableId, RecordShape> shapes = new LinkedHashMap<>();
    for (TableId table : tables) {
      TableId emitted = includeDatabase ? new TableId(database, table.schema(), table.table()) : table;
      shapes.put(emitted, new RecordShape(columns.getOrDefault(table, List.of()),
          keys.getOrDefault(table.postgresName(), List.of())));
    }
    return shapes;
  }

  private static Map<TableId, List<RecordShape.Column>> columns(Connection connection, List<TableId> tables)
      throws SQLException {
    Map<TableId, List<RecordShape.Column>> columns = new LinkedHashMap<>();
    try (PreparedStatement statement = forTables(connection, COLUMNS, tables);
        ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        columns.computeIfAbsent(TableId.of(rs.getString(1), rs.getString(2)), id -> new ArrayList<>())
            .add(new RecordShape.Column(rs.getString(3), PostgresTypeMapping.icebergType(rs.getString(4),
                (Integer) rs.getObject(5), (Integer) rs.getObject(6), (Integer) rs.getObject(7)),
                rs.getBoolean(8)));
      }
    }
    return columns;
  }

  private static PreparedStatement forTables(Connection connection, String sql, List<TableId> tables)
      throws SQLException {
    PreparedStatement statement = connection.prepareStatement(sql);
    PrimaryKeys.bindTables(connection, statement, 1, names(tables));
    return statement;
  }

  private static List<TableName> names(List<TableId> tables) {
    return tables.stream().map(TableId::postgresName).toList();
  }

}
