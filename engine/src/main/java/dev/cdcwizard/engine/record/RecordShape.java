package dev.cdcwizard.engine.record;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The columns of a change record, in order, with their Iceberg types, and the primary key. One instance
 * is shared by all records of a table until its schema changes, so the Iceberg schema is built once.
 */
public final class RecordShape implements Serializable {
  private static final long serialVersionUID = 1L;

  private final List<Column> columns;
  private final List<String> primaryKey;
  private transient Schema schema;
  private transient int hash;

  public RecordShape(List<Column> columns, List<String> primaryKey) {
    this.columns = List.copyOf(columns);
    this.primaryKey = List.copyOf(primaryKey);
  }

  public List<Column> columns() {
    return columns;
  }

  public List<String> primaryKey() {
    return primaryKey;
  }

  /** The Iceberg schema: field ids in column order, the primary key as identifier fields. */
  public Schema icebergSchema() {
    if (schema == null) {
      schema = toSchema(columns, primaryKey);
    }
    return schema;
  }

  static Schema toSchema(List<Column> columns, List<String> primaryKey) {
    List<Types.NestedField> fields = new ArrayList<>();
    List<Integer> identifierIds = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      Column column = columns.get(i);
      boolean key = primaryKey.contains(column.name());
      // Iceberg identifier fields must be required; a primary key column is NOT NULL anyway.
      fields.add(column.optional() && !key
          ? Types.NestedField.optional(i + 1, column.name(), column.type())
          : Types.NestedField.required(i + 1, column.name(), column.type()));
      if (key) {
        identifierIds.add(i + 1);
      }
    }
    return new Schema(fields, Set.copyOf(identifierIds));
  }

  @Override
  public boolean equals(Object other) {
    return this == other || (other instanceof RecordShape shape
        && columns.equals(shape.columns) && primaryKey.equals(shape.primaryKey));
  }

  @Override
  public int hashCode() {
    if (hash == 0) {
      hash = 31 * columns.hashCode() + primaryKey.hashCode();
    }
    return hash;
  }

  /** One column: its name, its Iceberg type and whether it may be null. */
  public record Column(String name, Type type, boolean optional) implements Serializable {}
}
