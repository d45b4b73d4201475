package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Not product code: the least a pgoutput reader of the engine's own would do per change, to measure it beside
 * Debezium's ({@link PgoutputReadBenchmark}). Protocol version 1: relations are remembered by id, inserts, updates
 * and deletes become {@link ChangeRecord}s with the values in Flink's internal formats, as the engine's
 * deserializer makes them (bigint, integer, numeric with its scale, text of every other type); the old tuple a
 * REPLICA IDENTITY FULL update carries is decoded as well, as Debezium does. No TOAST, TRUNCATE or type messages.
 */
final class PgoutputPrototype {
  private static final int INT4 = 23;
  private static final int INT8 = 20;
  private static final int NUMERIC = 1700;

  private final TableId table;
  private final Map<Integer, Relation> relations = new HashMap<>();

  PgoutputPrototype(TableId table) {
    this.table = table;
  }

  private record Relation(RecordShape shape, int[] types, int[] scales) {}

  /** The change in {@code message}, or null for a message that carries none (begin, commit, relation). */
  ChangeRecord decode(ByteBuffer message) {
    byte kind = message.get();
    return switch (kind) {
      case 'R' -> {
        relation(message);
        yield null;
      }
      case 'I' -> row(message, RowKind.INSERT);
      case 'U' -> update(message);
      case 'D' -> row(message, RowKind.DELETE);
      default -> null;
    };
  }

  private void relation(ByteBuffer message) {
    int id = message.getInt();
    string(message);
    string(message);
    message.get();
    int count = message.getShort();
    List<RecordShape.Column> columns = new ArrayList<>();
    List<String> key = new ArrayList<>();
    int[] types = new int[count];
    int[] scales = new int[count];
    for (int i = 0; i < count; i++) {
      boolean inKey = message.get() == 1;
      String name = string(message);
      types[i] = message.getInt();
      int modifier = message.getInt();
      Type type = switch (types[i]) {
        case INT4 -> Types.IntegerType.get();
        case INT8 -> Types.LongType.get();
        case NUMERIC -> Types.DecimalType.of((modifier - 4) >> 16, (modifier - 4) & 0xffff);
        default -> Types.StringType.get();
      };
      scales[i] = types[i] == NUMERIC ? (modifier - 4) & 0xffff : 0;
      columns.add(new RecordShape.Column(name, type, !inKey));
      if (inKey) {
        key.add(name);
      }
    }
    relations.put(id, new Relation(new RecordShape(columns, key), types, scales));
  }

  private ChangeRecord update(ByteBuffer message) {
    Relation relation = relations.get(message.getInt());
    byte tuple = message.get();
    if (tuple == 'O' || tuple == 'K') {
      values(message, relation);
      tuple = message.get();
    }
    return new ChangeRecord(table, RowKind.UPDATE_AFTER, false, relation.shape(), values(message, relation));
  }

  private ChangeRecord row(ByteBuffer message, RowKind kind) {
    Relation relation = relations.get(message.getInt());
    message.get();
    return new ChangeRecord(table, kind, false, relation.shape(), values(message, relation));
  }

  private static Object[] values(ByteBuffer message, Relation relation) {
    int count = message.getShort();
    Object[] values = new Object[count];
    for (int i = 0; i < count; i++) {
      byte kind = message.get();
      if (kind == 't') {
        int length = message.getInt();
        values[i] = value(message, length, relation.types()[i], relation.scales()[i]);
      }
    }
    return values;
  }

  private static Object value(ByteBuffer message, int length, int type, int scale) {
    byte[] bytes = message.array();
    int at = message.arrayOffset() + message.position();
    message.position(message.position() + length);
    return switch (type) {
      case INT4 -> (int) digits(bytes, at, length);
      case INT8 -> digits(bytes, at, length);
      case NUMERIC -> {
        BigDecimal number = new BigDecimal(new String(bytes, at, length, StandardCharsets.US_ASCII));
        yield DecimalData.fromBigDecimal(number, 38, scale);
      }
      default -> StringData.fromBytes(Arrays.copyOfRange(bytes, at, at + length));
    };
  }

  private static long digits(byte[] bytes, int at, int length) {
    boolean negative = bytes[at] == '-';
    long value = 0;
    for (int i = negative ? at + 1 : at; i < at + length; i++) {
      value = value * 10 + (bytes[i] - '0');
    }
    return negative ? -value : value;
  }

  private static String string(ByteBuffer message) {
    int start = message.position();
    while (message.get() != 0) {
      // the name ends at its NUL
    }
    return new String(message.array(), message.arrayOffset() + start, message.position() - start - 1,
        StandardCharsets.UTF_8);
  }
}
