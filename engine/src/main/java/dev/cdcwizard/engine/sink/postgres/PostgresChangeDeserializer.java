package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.source.MicrosecondRange;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;
import org.apache.iceberg.types.Types;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Turns Debezium's change events into {@link ChangeRecord}s for the PostgreSQL sink: each value in its
 * exact PostgreSQL text form ({@link PostgresValueText}), bytes for bytea, {@link Undelivered#UNCHANGED_TOAST} for a
 * value PostgreSQL did not send. The shape's column types say only how a value travels (text or
 * binary). An update emits its after-image, a delete its before-image (the key at least): PostgreSQL
 * reports a change of primary key as a delete of the old key and an insert of the new one.
 */
public final class PostgresChangeDeserializer implements DebeziumDeserializationSchema<ChangeRecord> {
  private static final long serialVersionUID = 1L;
  private static final int MAX_CACHED = 4096;

  private final boolean includeDatabase;
  private transient Map<Schema, RecordShape> shapes;

  public PostgresChangeDeserializer(boolean includeDatabase) {
    this.includeDatabase = includeDatabase;
  }

  @Override
  public void deserialize(SourceRecord record, Collector<ChangeRecord> out) {
    if (!(record.value() instanceof Struct envelope) || envelope.schema().field("op") == null) {
      return;
    }
    switch (envelope.getString("op")) {
      case "r" -> emit(record, envelope, "after", RowKind.INSERT, true, out);
      case "c" -> emit(record, envelope, "after", RowKind.INSERT, false, out);
      case "u" -> emit(record, envelope, "after", RowKind.UPDATE_AFTER, false, out);
      case "d" -> emit(record, envelope, "before", RowKind.DELETE, false, out);
      case "t" -> out.collect(ChangeRecord.truncate(tableId(envelope.getStruct("source")),
          Objects.requireNonNullElse(envelope.getStruct("source").getInt64("txId"), -1L)));
      default -> { }
    }
  }

  private void emit(SourceRecord record, Struct envelope, String image, RowKind kind, boolean snapshot,
      Collector<ChangeRecord> out) {
    Struct row = envelope.getStruct(image);
    if (row == null) {
      return;
    }
    Schema rowSchema = envelope.schema().field(image).schema();
    // REPLICA IDENTITY DEFAULT: an update comes without its old row, and may lack TOASTed values
    boolean withoutOldImage = kind == RowKind.UPDATE_AFTER && envelope.get("before") == null;
    RecordShape shape = shape(rowSchema, record.keySchema());
    List<Field> fields = rowSchema.fields();
    Object[] values = new Object[fields.size()];
    for (int i = 0; i < values.length; i++) {
      Field field = fields.get(i);
      MicrosecondRange.check(field.name(), field.schema(), row.get(field));
      values[i] = PostgresValueText.convert(field.schema(), row.get(field));
      // a key value is never read again: it is what finds the row
      if ((AlteredValues.altered(field.schema(), values[i], snapshot)
          || values[i] == null && withoutOldImage && AlteredValues.mayBeUnsentToast(field.schema()))
          && !shape.primaryKey().contains(field.name())) {
        values[i] = Undelivered.REREAD_FROM_SOURCE;
      }
    }
    out.collect(new ChangeRecord(tableId(envelope.getStruct("source")), kind, snapshot, shape, values));
  }

  private TableId tableId(Struct source) {
    return includeDatabase
        ? new TableId(source.getString("db"), source.getString("schema"), source.getString("table"))
        : TableId.of(source.getString("schema"), source.getString("table"));
  }

  /** Debezium keeps one schema object per table until the table changes: looked up by identity. */
  private RecordShape shape(Schema rowSchema, Schema keySchema) {
    if (shapes == null || shapes.size() >= MAX_CACHED) {
      shapes = new IdentityHashMap<>();
    }
    return shapes.computeIfAbsent(rowSchema, schema -> {
      List<RecordShape.Column> columns = new ArrayList<>();
      for (Field field : schema.fields()) {
        boolean binary = field.schema().type() == Schema.Type.BYTES && field.schema().name() == null;
        columns.add(new RecordShape.Column(field.name(),
            binary ? Types.BinaryType.get() : Types.StringType.get(),
            field.schema().isOptional()));
      }
      List<String> key = keySchema == null ? List.of() : keySchema.fields().stream().map(Field::name).toList();
      return new RecordShape(columns, key);
    });
  }

  @Override
  public TypeInformation<ChangeRecord> getProducedType() {
    return ChangeRecordTypeInfo.INSTANCE;
  }
}
