package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.record.RecordShape;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;

/**
 * Turns Debezium row schemas into {@link RecordShape}s with their value converters. Debezium keeps one
 * schema object per table until the table changes, so the lookup is by identity and costs nothing per
 * row.
 */
final class RecordShapes {
  private static final int MAX_CACHED = 4096;

  private final Map<Schema, Entry> byRowSchema = new IdentityHashMap<>();

  Entry forSchemas(Schema rowSchema, Schema keySchema) {
    Entry entry = byRowSchema.get(rowSchema);
    if (entry == null) {
      if (byRowSchema.size() >= MAX_CACHED) {
        byRowSchema.clear();
      }
      entry = build(rowSchema, keySchema);
      byRowSchema.put(rowSchema, entry);
    }
    return entry;
  }

  private static Entry build(Schema rowSchema, Schema keySchema) {
    List<RecordShape.Column> columns = new ArrayList<>();
    List<ConnectFieldConverter> converters = new ArrayList<>();
    for (Field field : rowSchema.fields()) {
      ConnectFieldConverter converter = ConnectFieldConverter.forSchema(field.name(), field.schema());
      converters.add(converter);
      columns.add(new RecordShape.Column(field.name(), converter.type(), field.schema().isOptional()));
    }
    List<String> primaryKey = new ArrayList<>();
    if (keySchema != null) {
      keySchema.fields().forEach(field -> primaryKey.add(field.name()));
    }
    return new Entry(new RecordShape(columns, primaryKey), converters.toArray(ConnectFieldConverter[]::new));
  }

  /** A shape and, per column, the converter of its values. */
  record Entry(RecordShape shape, ConnectFieldConverter[] converters) {}
}
