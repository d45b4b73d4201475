package dev.cdcwizard.engine.sink.iceberg;

import java.util.function.UnaryOperator;
import org.apache.flink.table.data.DecimalData;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Values of a narrower type written into a wider Iceberg column without loss: int into long, a decimal
 * into one of the same scale and more digits. PostgreSQL narrows those only when every value fits, so
 * the rows the table holds are still the source's. Not float into double: a column altered from double
 * precision to real had every value rounded by PostgreSQL, without row events, and the table's rows
 * would keep their old values ({@link TargetSchemaPolicy} stops the job instead).
 */
public final class ValueWidening {
  private static final UnaryOperator<Object> UNCHANGED = value -> value;

  private ValueWidening() {}

  /** What turns values of {@code from} into {@code to}, or null when no lossless widening exists. */
  public static UnaryOperator<Object> converter(Type from, Type to) {
    if (from.equals(to)) {
      return UNCHANGED;
    }
    if (from.equals(Types.IntegerType.get()) && to.equals(Types.LongType.get())) {
      return value -> ((Integer) value).longValue();
    }
    if (from instanceof Types.DecimalType narrow && to instanceof Types.DecimalType wide
        && narrow.scale() == wide.scale() && narrow.precision() < wide.precision()) {
      return value -> DecimalData.fromBigDecimal(((DecimalData) value).toBigDecimal(), wide.precision(), wide.scale());
    }
    return null;
  }
}
