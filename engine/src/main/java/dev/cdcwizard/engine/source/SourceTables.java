package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.SourceDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.TableName;
import dev.cdcwizard.engine.postgres.catalog.CatalogColumns;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import dev.cdcwizard.engine.record.RecordShape;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The tables a source captures, resolved against the database's catalog: which exist and match
 * {@code tables} but not {@code tables.exclude}, and their columns and primary keys ({@link CatalogColumns}).
 * Two catalog queries, however many tables.
 */
public final class SourceTables {
  private static final String TABLES = """
      SELECT n.nspname, c.relname
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1, 2""";

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
    Map<TableName, List<ColumnFacts>> columns = new LinkedHashMap<>();
    for (ColumnFacts column : CatalogColumns.of(connection, tables.stream().map(TableId::postgresName).toList())) {
      columns.computeIfAbsent(column.table(), name -> new ArrayList<>()).add(column);
    }
    Map<TableId, RecordShape> shapes = new LinkedHashMap<>();
    for (TableId table : tables) {
      TableId emitted = includeDatabase ? new TableId(database, table.schema(), table.table()) : table;
      shapes.put(emitted, shape(columns.getOrDefault(table.postgresName(), List.of())));
    }
    return shapes;
  }

  private static RecordShape shape(List<ColumnFacts> columns) {
    return new RecordShape(columns.stream().map(column -> new RecordShape.Column(column.name(),
            PostgresTypeMapping.icebergType(column), !column.notNull() && !column.notNullByDomain())).toList(),
        columns.stream().filter(column -> column.keyPosition() > 0)
            .sorted(Comparator.comparingInt(ColumnFacts::keyPosition)).map(ColumnFacts::name).toList());
  }
}
