package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.CatalogColumns;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns with their exact PostgreSQL types, NOT NULL and primary keys of a set of tables, the
 * source's and the target's alike, as {@link CatalogColumns} reads them. Tables that do not exist are absent.
 */
public final class CatalogTables {
  private CatalogTables() {}

  /** The tables of {@code tables} that exist, keyed by schema.table (no database). */
  public static Map<TableId, CatalogTable> read(Connection connection, Collection<TableId> tables)
      throws SQLException {
    Map<TableId, List<ColumnFacts>> byTable = new LinkedHashMap<>();
    List<ColumnFacts> facts = CatalogColumns.of(connection,
        tables.stream().map(TableId::postgresName).distinct().toList());
    facts.forEach(column -> byTable.computeIfAbsent(TableId.of(column.table().schema(), column.table().name()),
        id -> new ArrayList<>()).add(column));
    Map<TableId, CatalogTable> result = new LinkedHashMap<>();
    byTable.forEach((id, columns) -> result.put(id, new CatalogTable(
        columns.stream().map(CatalogTables::column).toList(),
        columns.stream().filter(column -> column.keyPosition() > 0)
            .sorted(Comparator.comparingInt(ColumnFacts::keyPosition)).map(ColumnFacts::name).toList())));
    return result;
  }

  private static CatalogColumn column(ColumnFacts facts) {
    return new CatalogColumn(facts.name(), facts.declaredType(), facts.notNull(), facts.userType(),
        facts.userTypeKind(), facts.domainBaseType(), CatalogColumn.literalOnly(facts.defaultExpression()),
        facts.generatedAs());
  }
}
