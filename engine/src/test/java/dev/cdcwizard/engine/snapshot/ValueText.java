package dev.cdcwizard.engine.snapshot;

import java.util.HexFormat;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;

/**
 * A value's class and exact content as text, for comparing values of two paths. Stricter than equals:
 * DecimalData's equals ignores precision and scale (1.50 equals 1.5), and a float's text hides its bits.
 */
final class ValueText {
  private ValueText() {}

  static String of(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof byte[] bytes) {
      return "byte[]:" + HexFormat.of().formatHex(bytes);
    }
    if (value instanceof DecimalData decimal) {
      return "DecimalData(" + decimal.precision() + "," + decimal.scale() + "):"
          + decimal.toBigDecimal().toPlainString();
    }
    if (value instanceof TimestampData timestamp) {
      return "TimestampData:" + timestamp.getMillisecond() + "ms+" + timestamp.getNanoOfMillisecond() + "ns";
    }
    if (value instanceof StringData text) {
      return "StringData:" + text;
    }
    if (value instanceof Float number) {
      return "Float:" + number + "/" + Integer.toHexString(Float.floatToRawIntBits(number));
    }
    if (value instanceof Double number) {
      return "Double:" + number + "/" + Long.toHexString(Double.doubleToRawLongBits(number));
    }
    return value.getClass().getSimpleName() + ":" + value;
  }
}
