package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeutils.SimpleTypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.base.TypeSerializerSingleton;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.types.Types;

/**
 * Serializes the PostgreSQL sink's change records between the source and the writers (keyed by
 * primary key when several writers run): values are text, bytes, {@link Undelivered#UNCHANGED_TOAST} or null. Kryo,
 * Flink's fallback, needs java.util opened on Java 17 and is slower. Equal shapes read back as one
 * instance per deserializer, so that the writer's lookups by shape stay cheap.
 */
final class ChangeRecordSerializer extends TypeSerializerSingleton<ChangeRecord> {
  private static final long serialVersionUID = 1L;
  static final ChangeRecordSerializer INSTANCE = new ChangeRecordSerializer();
  private static final byte NULL = 0;
  private static final byte TEXT = 1;
  private static final byte BYTES = 2;
  private static final byte UNCHANGED = 3;
  private static final byte ALTERED = 4;
  private static final int MAX_SHAPES = 4096;
  /** Where a row's kind would be: the record is a TRUNCATE, with no shape and no values. */
  private static final byte TRUNCATE = -1;

  private static final ThreadLocal<Map<RecordShape, RecordShape>> SHAPES = ThreadLocal.withInitial(HashMap::new);

  @Override
  public boolean isImmutableType() {
    return false;
  }

  @Override
  public ChangeRecord createInstance() {
    return null;
  }

  @Override
  public ChangeRecord copy(ChangeRecord from) {
    return new ChangeRecord(from.table(), from.kind(), from.snapshot(), from.shape(), from.values().clone());
  }

  @Override
  public ChangeRecord copy(ChangeRecord from, ChangeRecord reuse) {
    return copy(from);
  }

  @Override
  public int getLength() {
    return -1;
  }

  @Override
  public void serialize(ChangeRecord record, DataOutputView out) throws IOException {
    TableId table = record.table();
    out.writeBoolean(table.hasDatabase());
    if (table.hasDatabase()) {
      out.writeUTF(table.database());
    }
    out.writeUTF(table.schema());
    out.writeUTF(table.table());
    if (record.isTruncate()) {
      out.writeByte(TRUNCATE);
      out.writeLong(record.truncateXid());
      return;
    }
    out.writeByte(record.kind().toByteValue());
    out.writeBoolean(record.snapshot());
    List<RecordShape.Column> columns = record.shape().columns();
    out.writeInt(columns.size());
    for (RecordShape.Column column : columns) {
      out.writeUTF(column.name());
      out.writeBoolean(column.type().equals(Types.BinaryType.get()));
      out.writeBoolean(column.optional());
    }
    out.writeInt(record.shape().primaryKey().size());
    for (String key : record.shape().primaryKey()) {
      out.writeUTF(key);
    }
    for (Object value : record.values()) {
      writeValue(value, out);
    }
  }

  private static void writeValue(Object value, DataOutputView out) throws IOException {
    if (value == null) {
      out.writeByte(NULL);
    } else if (value instanceof byte[] bytes) {
      out.writeByte(BYTES);
      out.writeInt(bytes.length);
      out.write(bytes);
    } else if (value == Undelivered.UNCHANGED_TOAST) {
      out.writeByte(UNCHANGED);
    } else if (value == Undelivered.REREAD_FROM_SOURCE) {
      out.writeByte(ALTERED);
    } else {
      // writeUTF stops at 64 KB; a text value may be a large TOASTed document
      byte[] text = ((String) value).getBytes(StandardCharsets.UTF_8);
      out.writeByte(TEXT);
      out.writeInt(text.length);
      out.write(text);
    }
  }

  @Override
  public ChangeRecord deserialize(DataInputView in) throws IOException {
    String database = in.readBoolean() ? in.readUTF() : null;
    TableId table = new TableId(database, in.readUTF(), in.readUTF());
    byte kindByte = in.readByte();
    if (kindByte == TRUNCATE) {
      return ChangeRecord.truncate(table, in.readLong());
    }
    RowKind kind = RowKind.fromByteValue(kindByte);
    boolean snapshot = in.readBoolean();
    int count = in.readInt();
    List<RecordShape.Column> columns = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String name = in.readUTF();
      boolean binary = in.readBoolean();
      columns.add(new RecordShape.Column(name, binary ? Types.BinaryType.get() : Types.StringType.get(),
          in.readBoolean()));
    }
    int keys = in.readInt();
    List<String> primaryKey = new ArrayList<>(keys);
    for (int i = 0; i < keys; i++) {
      primaryKey.add(in.readUTF());
    }
    Object[] values = new Object[count];
    for (int i = 0; i < count; i++) {
      values[i] = readValue(in);
    }
    return new ChangeRecord(table, kind, snapshot, intern(new RecordShape(columns, primaryKey)), values);
  }

  private static Object readValue(DataInputView in) throws IOException {
    byte tag = in.readByte();
    return switch (tag) {
      case NULL -> null;
      case UNCHANGED -> Undelivered.UNCHANGED_TOAST;
      case ALTERED -> Undelivered.REREAD_FROM_SOURCE;
      case BYTES, TEXT -> {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        yield tag == BYTES ? bytes : new String(bytes, StandardCharsets.UTF_8);
      }
      default -> throw new IOException("Corrupt change record: value tag " + tag);
    };
  }

  private static RecordShape intern(RecordShape shape) {
    Map<RecordShape, RecordShape> known = SHAPES.get();
    if (known.size() >= MAX_SHAPES) {
      known.clear();
    }
    return known.computeIfAbsent(shape, same -> same);
  }

  @Override
  public ChangeRecord deserialize(ChangeRecord reuse, DataInputView in) throws IOException {
    return deserialize(in);
  }

  @Override
  public void copy(DataInputView source, DataOutputView target) throws IOException {
    serialize(deserialize(source), target);
  }

  @Override
  public TypeSerializerSnapshot<ChangeRecord> snapshotConfiguration() {
    return new Snapshot();
  }

  /** The serializer has no configuration: its snapshot only names it. */
  public static final class Snapshot extends SimpleTypeSerializerSnapshot<ChangeRecord> {
    public Snapshot() {
      super(() -> INSTANCE);
    }
  }
}
