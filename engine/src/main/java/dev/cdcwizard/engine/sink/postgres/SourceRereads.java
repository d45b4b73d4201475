package dev.cdcwizard.engine.sink.postgres;

import static dev.cdcwizard.engine.postgres.Identifiers.quote;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.source.SourceRelation;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads {@link Undelivered#REREAD_FROM_SOURCE} values again from the source, as text, one query per
 * source table and flush, and puts them into the buffered rows. The source may have moved on since the
 * change was read: the value read is then newer, and the changes that made it newer follow in the
 * stream and write their own values again, so the target still ends equal to the source. A row gone
 * from the source loses the column from its write; its delete follows in the stream.
 */
final class SourceRereads {
  private final Supplier<Connection> source;
  private final Map<TableId, List<Request>> requests = new LinkedHashMap<>();
  private final Map<TableId, List<String>> keyTypes = new HashMap<>();

  SourceRereads(Supplier<Connection> source) {
    this.source = source;
  }

  /** @param row the buffered row whose {@link Undelivered#REREAD_FROM_SOURCE} values to replace */
  void add(TableId sourceTable, List<String> keyColumns, List<Object> keyValues, Map<String, Object> row) {
    requests.computeIfAbsent(TableId.of(sourceTable.schema(), sourceTable.table()), table -> new ArrayList<>())
        .add(new Request(keyColumns, keyValues, row));
  }

  boolean isEmpty() {
    return requests.isEmpty();
  }

  void resolve() throws SQLException {
    if (requests.isEmpty()) {
      return;
    }
    try (Connection connection = source.get()) {
      for (Map.Entry<TableId, List<Request>> table : requests.entrySet()) {
        resolve(connection, table.getKey(), table.getValue());
      }
    }
    requests.clear();
  }

  private void resolve(Connection connection, TableId table, List<Request> batch) throws SQLException {
    List<String> keyColumns = batch.get(0).keyColumns();
    Set<String> columns = new LinkedHashSet<>();
    batch.forEach(request -> request.row().forEach((column, value) -> {
      if (value == Undelivered.REREAD_FROM_SOURCE) {
        columns.add(column);
      }
    }));
    List<String> types = keyTypes(connection, table, keyColumns);
    StringBuilder sql = new StringBuilder("SELECT k.ord");
    columns.forEach(column -> sql.append(", t.").append(quote(column)).append("::text"));
    sql.append(" FROM unnest(");
    for (int i = 0; i < keyColumns.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append("?::text[]::").append(types.get(i)).append("[]");
    }
    sql.append(") WITH ORDINALITY AS k(");
    for (int i = 0; i < keyColumns.size(); i++) {
      sql.append("k").append(i).append(", ");
    }
    sql.append("ord) JOIN ").append(SourceRelation.fromClause(connection, table)).append(" t ON ");
    for (int i = 0; i < keyColumns.size(); i++) {
      sql.append(i == 0 ? "" : " AND ").append("t.").append(quote(keyColumns.get(i))).append(" = k.k").append(i);
    }
    try (PreparedStatement statement = connection.prepareStatement(sql.toString())) {
      for (int i = 0; i < keyColumns.size(); i++) {
        int part = i;
        Array keys = connection.createArrayOf("text",
            batch.stream().map(request -> keyText(request.keyValues().get(part))).toArray());
        statement.setArray(i + 1, keys);
      }
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          Map<String, Object> row = batch.get(rs.getInt(1) - 1).row();
          int index = 2;
          for (String column : columns) {
            if (row.get(column) == Undelivered.REREAD_FROM_SOURCE) {
              row.put(column, rs.getString(index));
            }
            index++;
          }
        }
      }
    }
    batch.forEach(request -> request.row().values().removeIf(value -> value == Undelivered.REREAD_FROM_SOURCE));
  }

  private List<String> keyTypes(Connection connection, TableId table, List<String> keyColumns) throws SQLException {
    List<String> known = keyTypes.get(table);
    if (known == null) {
      CatalogTable catalog = CatalogTables.read(connection, List.of(table)).get(table);
      if (catalog == null) {
        throw new SQLException("The source table " + table + " does not exist any more");
      }
      known = keyColumns.stream().map(column -> catalog.column(column).orElseThrow().type()).toList();
      keyTypes.put(table, known);
    }
    return known;
  }

  private static String keyText(Object value) {
    return value instanceof byte[] bytes ? "\\x" + HexFormat.of().formatHex(bytes) : (String) value;
  }

  private record Request(List<String> keyColumns, List<Object> keyValues, Map<String, Object> row) {}
}
