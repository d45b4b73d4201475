package dev.cdcwizard.engine.verify;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.TimestampData;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * One text per value that both sides agree on: the source's values arrive as the Flink internal values
 * the pipeline writes (from the snapshot's COPY decoders), the target's as Iceberg's generic values, so
 * an equal text means an equal value in the lake.
 */
final class CanonicalValues {
  private CanonicalValues() {}

  /** @param type the column's Iceberg type, which says what an int of Flink's means (days, millis) */
  static String of(Type type, Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof DecimalData decimal) {
      return decimal(decimal.toBigDecimal());
    }
    if (value instanceof BigDecimal decimal) {
      return decimal(decimal);
    }
    if (value instanceof TimestampData timestamp) {
      return type instanceof Types.TimestampType stamp && stamp.shouldAdjustToUTC()
          ? timestamp.toInstant().toString() : timestamp.toLocalDateTime().toString();
    }
    if (value instanceof OffsetDateTime offset) {
      return offset.toInstant().toString();
    }
    if (value instanceof Integer days && type.typeId() == Type.TypeID.DATE) {
      return LocalDate.ofEpochDay(days).toString();
    }
    if (value instanceof Integer millis && type.typeId() == Type.TypeID.TIME) {
      return LocalTime.ofNanoOfDay(millis * 1_000_000L).toString();
    }
    if (value instanceof byte[] bytes) {
      return HexFormat.of().formatHex(bytes);
    }
    if (value instanceof ByteBuffer buffer) {
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      return HexFormat.of().formatHex(bytes);
    }
    return value.toString();
  }

  private static String decimal(BigDecimal value) {
    return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
  }
}
