package dev.cdcwizard.engine.testing;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.TableIdentifier;

/** The tutorial's orders, source and target, rendered the same way so that a test can compare them. */
public final class OrdersTables {
  public static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");
  public static final List<String> COLUMNS = List.of("id", "customer_name", "amount", "order_status");

  private OrdersTables() {}

  /** public.orders as "id|customer_name|amount|order_status" lines, ordered by id. */
  public static List<String> source(EmbeddedPostgresServer postgres) throws SQLException {
    List<String> rows = new ArrayList<>();
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT " + String.join(", ", COLUMNS) + " FROM public.orders ORDER BY id")) {
      while (rs.next()) {
        List<String> values = new ArrayList<>();
        for (int i = 1; i <= COLUMNS.size(); i++) {
          values.add(rs.getString(i));
        }
        rows.add(String.join("|", values));
      }
    }
    return rows;
  }

  /** ods.orders, deletes applied, rendered like {@link #source}; empty while the table does not exist. */
  public static List<String> target(IcebergTablePreview preview) {
    if (!preview.exists(ODS_ORDERS)) {
      return List.of();
    }
    return render(preview.rows(ODS_ORDERS, "id", Integer.MAX_VALUE));
  }

  public static List<String> render(List<Map<String, Object>> rows) {
    return rows.stream()
        .map(row -> COLUMNS.stream().map(column -> String.valueOf(row.get(column))).collect(Collectors.joining("|")))
        .toList();
  }

  /** The target's ids that occur more than once: an upsert that went wrong. */
  public static List<Object> duplicateKeys(IcebergTablePreview preview) {
    return preview.rows(ODS_ORDERS, "id", Integer.MAX_VALUE).stream()
        .collect(Collectors.groupingBy(row -> row.get("id"), Collectors.counting()))
        .entrySet().stream().filter(entry -> entry.getValue() > 1).map(Map.Entry::getKey).toList();
  }
}
