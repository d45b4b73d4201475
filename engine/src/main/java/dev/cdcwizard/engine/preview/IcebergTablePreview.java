package dev.cdcwizard.engine.preview;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Types;

/**
 * Reads a target table as a query would: its latest committed snapshot, with equality and position
 * deletes applied, so what it shows is what the pipeline has committed.
 */
public final class IcebergTablePreview {
  private final Catalog catalog;

  public IcebergTablePreview(Catalog catalog) {
    this.catalog = catalog;
  }

  public boolean exists(TableIdentifier identifier) {
    return catalog.tableExists(identifier);
  }

  public Schema schema(TableIdentifier identifier) {
    return catalog.loadTable(identifier).schema();
  }

  /** Rows as column -> value maps, ordered by {@code orderBy} (nulls last), at most {@code limit}. */
  public List<Map<String, Object>> rows(TableIdentifier identifier, String orderBy, int limit) {
    Table table = catalog.loadTable(identifier);
    table.refresh();
    List<Map<String, Object>> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      for (Record record : records) {
        rows.add(toMap(table.schema(), record));
      }
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    if (orderBy != null) {
      rows.sort(Comparator.comparing(row -> (Comparable<Object>) comparable(row.get(orderBy)),
          Comparator.nullsLast(Comparator.naturalOrder())));
    }
    return rows.size() > limit ? List.copyOf(rows.subList(0, limit)) : rows;
  }

  public long rowCount(TableIdentifier identifier) {
    return rows(identifier, null, Integer.MAX_VALUE).size();
  }

  @SuppressWarnings("unchecked")
  private static Comparable<Object> comparable(Object value) {
    return value instanceof Comparable<?> comparable ? (Comparable<Object>) comparable
        : value == null ? null : (Comparable<Object>) (Object) value.toString();
  }

  private static Map<String, Object> toMap(Schema schema, Record record) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (Types.NestedField field : schema.columns()) {
      row.put(field.name(), record.getField(field.name()));
    }
    return row;
  }
}
