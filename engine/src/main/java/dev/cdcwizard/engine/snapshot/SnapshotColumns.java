package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.postgres.catalog.CatalogColumns;
import dev.cdcwizard.engine.postgres.catalog.ColumnFacts;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The columns of the tables to snapshot, as far as decoding their COPY output needs, from
 * {@link CatalogColumns}: the base type's own name, enum-ness, array element types and domains' type
 * modifiers. Type names outside pg_catalog come schema-qualified, so that a user's enum named
 * {@code int4} is never decoded as the built-in type; such a shared name is flagged, since pgjdbc and
 * Debezium then confuse the two (seen: an int[] column streamed as {NULL,NULL}, the enum as NULL).
 */
public final class SnapshotColumns {
  private SnapshotColumns() {}

  /**
   * The columns of each table in their ordinal order, keyed by the ids given (a table that does not
   * exist is missing from the map). The database part of an id is ignored: the connection decides it.
   */
  public static Map<TableId, List<PgColumn>> read(Connection connection, List<TableId> tables) throws SQLException {
    Map<List<String>, TableId> requested = new HashMap<>();
    tables.forEach(table -> requested.put(List.of(table.schema(), table.table()), table));
    Map<TableId, List<PgColumn>> columns = new LinkedHashMap<>();
    for (ColumnFacts facts : CatalogColumns.of(connection, tables.stream().map(TableId::postgresName).toList())) {
      TableId table = requested.get(List.of(facts.table().schema(), facts.table().name()));
      columns.computeIfAbsent(table, id -> new ArrayList<>()).add(new PgColumn(facts.name(), facts.shownType(),
          facts.baseTypeName(), facts.baseCategory(), facts.typmod(), facts.elementTypeName(), facts.enumType(),
          facts.sharedTypeName(), facts.serverVersion()));
    }
    return columns;
  }
}
