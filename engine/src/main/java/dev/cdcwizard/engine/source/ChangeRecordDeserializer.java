package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import java.util.Objects;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.cdc.debezium.DebeziumDeserializationSchema;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.source.SourceRecord;

/**
 * Turns Debezium's change events into {@link ChangeRecord}s. An update emits only its after-image: the
 * Iceberg sink writes in upsert mode, replacing the row by primary key, and PostgreSQL reports a change
 * of primary key as a delete of the old key and an insert of the new one.
 */
public final class ChangeRecordDeserializer implements DebeziumDeserializationSchema<ChangeRecord> {
  private static final long serialVersionUID = 1L;

  private final boolean includeDatabase;
  private final UnchangedToastGuard toastGuard;
  private transient RecordShapes shapes;

  /** @param toastGuard stops at an unchanged TOAST placeholder in an update, or null to let it through */
  ChangeRecordDeserializer(boolean includeDatabase, UnchangedToastGuard toastGuard) {
    this.includeDatabase = includeDatabase;
    this.toastGuard = toastGuard;
  }

  @Override
  public void deserialize(SourceRecord record, Collector<ChangeRecord> out) {
    // not for a PostgreSQL target: Debezium fails on every unchanged TOASTed array of an update without its old
    // row, and that target reads such a NULL again from the source (AlteredValues)
    DebeziumConversionFailures.stopIfAny();
    if (!(record.value() instanceof Struct envelope) || envelope.schema().field("op") == null) {
      return;
    }
    String op = envelope.getString("op");
    switch (op) {
      case "r" -> emit(record, envelope, "after", RowKind.INSERT, true, out);
      case "c" -> emit(record, envelope, "after", RowKind.INSERT, false, out);
      case "u" -> emit(record, envelope, "after", RowKind.UPDATE_AFTER, false, out);
      case "d" -> emit(record, envelope, "before", RowKind.DELETE, false, out);
      case "t" -> out.collect(ChangeRecord.truncate(tableId(envelope.getStruct("source")),
          Objects.requireNonNullElse(envelope.getStruct("source").getInt64("txId"), -1L)));
      default -> { }
    }
  }

  private void emit(SourceRecord record, Struct envelope, String image, RowKind kind,
      boolean snapshot, Collector<ChangeRecord> out) {
    Struct row = envelope.getStruct(image);
    if (row == null) {
      return;
    }
    if (kind == RowKind.UPDATE_AFTER && toastGuard != null) {
      toastGuard.check(tableId(envelope.getStruct("source")), row);
    }
    Schema rowSchema = envelope.schema().field(image).schema();
    RecordShapes.Entry entry = shapes().forSchemas(rowSchema, record.keySchema());
    Object[] values = new Object[entry.converters().length];
    int i = 0;
    for (Field field : rowSchema.fields()) {
      Object value = row.get(field);
      values[i] = value == null ? null : entry.converters()[i].convert().apply(value);
      i++;
    }
    out.collect(new ChangeRecord(tableId(envelope.getStruct("source")), kind, snapshot, entry.shape(), values));
  }

  private TableId tableId(Struct source) {
    String schema = source.getString("schema");
    String table = source.getString("table");
    return includeDatabase ? new TableId(source.getString("db"), schema, table) : TableId.of(schema, table);
  }

  private RecordShapes shapes() {
    if (shapes == null) {
      shapes = new RecordShapes();
    }
    return shapes;
  }

  @Override
  public TypeInformation<ChangeRecord> getProducedType() {
    return TypeInformation.of(ChangeRecord.class);
  }
}
