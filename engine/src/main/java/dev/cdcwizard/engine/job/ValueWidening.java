package dev.cdcwizard.engine.job;

import java.util.function.UnaryOperator;
import org.apache.flink.table.data.DecimalData;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Values of a narrower type written into a wider Iceberg column without loss: int into long, float into
 * double, a decimal into one of the same scale and more digits. The same widenings Iceberg's own
 * converter makes, done before the sink so it never has to convert a row.
 */
final class ValueWidening {
  private static final UnaryOperator<Object> UNCHANGED = value -> value;

  private ValueWidening() {}

  /** What turns values of {@code from} into {@code to}, or null when no lossless widening exists. */
  static UnaryOperator<Object> converter(Type from, Type to) {
    if (from.equals(to)) {
      return UNCHANGED;
    }
    if (from.equals(Types.IntegerType.get()) && to.equals(Types.LongType.get())) {
      return value -> ((Integer) value).longValue();
    }
    if (from.equals(Types.FloatType.get()) && to.equals(Types.DoubleType.get())) {
      return value -> (double) (Float) value;
    }
    if (from instanceof Types.DecimalType narrow && to instanceof Types.DecimalType wide
        && narrow.scale() == wide.scale() && narrow.precision() < wide.precision()) {
      return value -> DecimalData.fromBigDecimal(((DecimalData) value).toBigDecimal(), wide.precision(), wide.scale());
    }
    return null;
  }
}
