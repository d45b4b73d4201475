package dev.cdcwizard.engine.preview;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
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
public final class IcebergTablePreview implements AutoCloseable {
  private final Catalog catalog;

  public IcebergTablePreview(Catalog catalog) {
    this.catalog = catalog;
  }

  /** Closes the catalog it reads, which the preview owns. */
  @Override
  public void close() {
    IcebergCatalogs.closeQuietly(catalog);
  }

  public boolean exists(TableIdentifier identifier) {
    return catalog.tableExists(identifier);
  }

  public Schema schema(TableIdentifier identifier) {
    return catalog.loadTable(identifier).schema();
  }

  /**
   * Rows as column -> value maps, ordered by {@code orderBy} (nulls last; table order when null), at most
   * {@code limit}. Holds only {@code limit} rows while it reads, so a preview of a large table costs a
   * scan, not the table's size in memory.
   */
  public List<Map<String, Object>> rows(TableIdentifier identifier, String orderBy, int limit) {
    Table table = catalog.loadTable(identifier);
    table.refresh();
    Schema schema = table.schema();
    Comparator<Map<String, Object>> order = orderBy == null ? null
        : Comparator.comparing(row -> comparable(row.get(orderBy)), Comparator.nullsLast(Comparator.naturalOrder()));
    List<Map<String, Object>> rows = new ArrayList<>();
    PriorityQueue<Map<String, Object>> smallest = order == null ? null : new PriorityQueue<>(order.reversed());
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      for (Record record : records) {
        if (smallest == null) {
          rows.add(toMap(schema, record));
          if (rows.size() == limit) {
            break;
          }
        } else {
          smallest.add(toMap(schema, record));
          if (smallest.size() > limit) {
            smallest.poll();
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (smallest != null) {
      rows.addAll(smallest);
      rows.sort(order);
    }
    return rows;
  }

  /** Rows of the latest snapshot, deletes applied; counts without keeping the rows. */
  public long rowCount(TableIdentifier identifier) {
    Table table = catalog.loadTable(identifier);
    table.refresh();
    long count = 0;
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
      for (Record ignored : records) {
        count++;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return count;
  }

  /** The columns with their Iceberg field ids, in schema order. */
  public List<SchemaField> fields(TableIdentifier identifier) {
    Schema schema = schema(identifier);
    return schema.columns().stream()
        .map(field -> new SchemaField(field.fieldId(), field.name(), field.type().toString(), field.isRequired(),
            schema.identifierFieldIds().contains(field.fieldId())))
        .toList();
  }

  /** The table's commits, newest first. */
  public List<SnapshotEntry> snapshots(TableIdentifier identifier) {
    Table table = catalog.loadTable(identifier);
    table.refresh();
    List<SnapshotEntry> history = new ArrayList<>();
    for (Snapshot snapshot : table.snapshots()) {
      Map<String, String> summary = snapshot.summary();
      history.add(new SnapshotEntry(snapshot.snapshotId(), Instant.ofEpochMilli(snapshot.timestampMillis()),
          snapshot.operation(), number(summary, "added-records"), number(summary, "deleted-records"),
          number(summary, "added-equality-deletes")));
    }
    history.sort(Comparator.comparing(SnapshotEntry::committedAt).reversed());
    return history;
  }

  private static long number(Map<String, String> summary, String key) {
    return Long.parseLong(summary.getOrDefault(key, "0"));
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

  /** The table's health, read from its metadata. */
  public TableHealth health(TableIdentifier identifier) {
    return TableHealthReader.read(identifier.toString(), catalog.loadTable(identifier));
  }

  /** The table's current snapshot id, 0 before its first commit: what its health depends on. */
  public long currentSnapshotId(TableIdentifier identifier) {
    Snapshot current = catalog.loadTable(identifier).currentSnapshot();
    return current == null ? 0 : current.snapshotId();
  }
}
