package dev.cdcwizard.engine.testing;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * Compares a PostgreSQL table with its Iceberg copy row for row, on the source's current columns:
 * every key once on each side, and every value equal as text. The differences, empty when equal, make
 * a readable assertion message.
 */
public final class SourceTargetDiff {
  private static final int MAX_ROWS = 1_000_000;

  private SourceTargetDiff() {}

  /** Waits until the sample database's public.orders and the lake's ods.orders hold the same rows. */
  public static void awaitOrdersEqual(String step, Duration timeout, EmbeddedPostgresServer postgres,
      IcebergTablePreview preview) throws Exception {
    TableIdentifier orders = TableIdentifier.of("ods", "orders");
    Eventually.await(step + ": Iceberg equal to PostgreSQL", timeout, () -> {
      if (!preview.exists(orders)) {
        return List.of("no table yet");
      }
      try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
        return of(connection, "public.orders", "id", preview, orders);
      }
    }, List::isEmpty);
  }

  /** @param sourceTable schema.table, quoted as needed; {@code key} its single-column primary key */
  public static List<String> of(Connection source, String sourceTable, String key, IcebergTablePreview target,
      TableIdentifier targetTable) throws SQLException {
    Map<String, Map<String, String>> expected = sourceRows(source, sourceTable, key);
    List<String> columns = expected.isEmpty() ? List.of() : List.copyOf(expected.values().iterator().next().keySet());
    List<String> differences = new ArrayList<>();
    Map<String, Map<String, String>> actual = new LinkedHashMap<>();
    Set<String> seen = new HashSet<>();
    for (Map<String, Object> row : target.rows(targetTable, null, MAX_ROWS)) {
      String id = text(row.get(key));
      if (!seen.add(id)) {
        differences.add("key " + id + " is in the target more than once");
      }
      Map<String, String> values = new LinkedHashMap<>();
      row.forEach((column, value) -> values.put(column, text(value)));
      actual.put(id, values);
    }
    for (Map.Entry<String, Map<String, String>> row : expected.entrySet()) {
      Map<String, String> copy = actual.get(row.getKey());
      if (copy == null) {
        differences.add("key " + row.getKey() + " is missing from the target");
        continue;
      }
      for (String column : columns) {
        if (!copy.containsKey(column)) {
          differences.add("the target has no column " + column);
        } else if (!Objects.equals(row.getValue().get(column), copy.get(column))) {
          differences.add("key " + row.getKey() + ", " + column + ": source " + row.getValue().get(column)
              + ", target " + copy.get(column));
        }
      }
    }
    actual.keySet().stream().filter(id -> !expected.containsKey(id))
        .forEach(id -> differences.add("key " + id + " is in the target but not in the source: " + actual.get(id)));
    return differences;
  }

  private static Map<String, Map<String, String>> sourceRows(Connection source, String table, String key)
      throws SQLException {
    Map<String, Map<String, String>> rows = new LinkedHashMap<>();
    try (Statement statement = source.createStatement();
        ResultSet rs = statement.executeQuery("SELECT * FROM " + table)) {
      ResultSetMetaData meta = rs.getMetaData();
      while (rs.next()) {
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          Object value = rs.getObject(i);
          row.put(meta.getColumnName(i), text(value instanceof byte[] bytes ? java.nio.ByteBuffer.wrap(bytes) : value));
        }
        rows.put(row.get(key), row);
      }
    }
    return rows;
  }

  /** Values as text both sides agree on: numbers and strings as written, bytes as hex. */
  private static String text(Object value) {
    if (value instanceof java.nio.ByteBuffer buffer) {
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      return java.util.HexFormat.of().formatHex(bytes);
    }
    return value == null ? null : value.toString();
  }
}
