package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.postgres.ExactMoney;
import dev.cdcwizard.engine.postgres.catalog.NumericModifier;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.Optional;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Types;
import org.postgresql.util.PGmoney;

/**
 * Integers, floats, booleans, numerics and money, as ConnectFieldConverter types them: int2 and int4 as
 * int, numeric(p,s) up to precision 38 as decimal(p,s), wider or unbounded numeric as text.
 */
final class NumberDecoders {
  private static final int MAX_DECIMAL_PRECISION = NumericModifier.MAX_DECIMAL_PRECISION;
  private static final int MAX_COMPACT_PRECISION = 18;
  /** PostgreSQL 12 made float output shortest-exact; before, the text Debezium parses was rounded. */
  private static final int EXACT_FLOAT_TEXT_VERSION = 120000;
  /** Debezium's money.fraction.digits default; PostgresTypeMapping gives money decimal(38,2). */
  private static final int MONEY_SCALE = ExactMoney.SCALE;

  private NumberDecoders() {}

  static Optional<ColumnDecoder> forType(PgColumn column) {
    boolean exactFloats = column.serverVersion() >= EXACT_FLOAT_TEXT_VERSION;
    return Optional.ofNullable(switch (column.typeName()) {
      case "int2" -> ColumnDecoder.binary(Types.IntegerType.get(), (b, o, l) -> (int) BinaryFields.int16(b, o));
      case "int4" -> ColumnDecoder.binary(Types.IntegerType.get(), (b, o, l) -> BinaryFields.int32(b, o));
      case "int8" -> ColumnDecoder.binary(Types.LongType.get(), (b, o, l) -> BinaryFields.int64(b, o));
      case "float4" -> exactFloats ? ColumnDecoder.binary(Types.FloatType.get(), NumberDecoders::float4) : null;
      case "float8" -> exactFloats ? ColumnDecoder.binary(Types.DoubleType.get(), NumberDecoders::float8) : null;
      case "bool" -> ColumnDecoder.binary(Types.BooleanType.get(), (b, o, l) -> b[o] != 0);
      case "numeric" -> numeric(column.typmod());
      case "money" -> ColumnDecoder.text(Types.DecimalType.of(MAX_DECIMAL_PRECISION, MONEY_SCALE), "cash_out",
          NumberDecoders::money);
      default -> null;
    });
  }

  /** NaN canonical, as {@code Float.valueOf("NaN")} gives it to Debezium. */
  private static Object float4(byte[] bytes, int offset, int length) {
    float value = Float.intBitsToFloat(BinaryFields.int32(bytes, offset));
    return Float.isNaN(value) ? Float.NaN : value;
  }

  private static Object float8(byte[] bytes, int offset, int length) {
    double value = Double.longBitsToDouble(BinaryFields.int64(bytes, offset));
    return Double.isNaN(value) ? Double.NaN : value;
  }

  private static ColumnDecoder numeric(int typmod) {
    if (typmod < 0) {
      // NumericTextConverter's text of a numeric without precision: no trailing zeros
      return ColumnDecoder.binary(Types.StringType.get(), (b, o, l) -> {
        String special = NumericField.specialText(b, o);
        if (special != null) {
          return StringData.fromString(special);
        }
        BigDecimal value = NumericField.toBigDecimal(b, o, l).stripTrailingZeros();
        return StringData.fromString((value.scale() < 0 ? value.setScale(0) : value).toPlainString());
      });
    }
    NumericModifier declared = NumericModifier.of(typmod).orElseThrow();
    int precision = declared.precision();
    int scale = declared.scale();
    if (!declared.fitsDecimal()) {
      // NumericTextConverter raises the scale to the column's where the value has fewer digits, never lowers it;
      // a negative scale's values have no fraction, as PostgreSQL writes them
      int digits = Math.max(scale, 0);
      return ColumnDecoder.binary(Types.StringType.get(), (b, o, l) -> {
        String special = NumericField.specialText(b, o);
        if (special != null) {
          return StringData.fromString(special);
        }
        BigDecimal value = NumericField.toBigDecimal(b, o, l);
        return StringData.fromString((value.scale() < digits ? value.setScale(digits) : value).toPlainString());
      });
    }
    return ColumnDecoder.binary(Types.DecimalType.of(precision, scale), (b, o, l) -> {
      if (precision <= MAX_COMPACT_PRECISION) {
        long unscaled = NumericField.unscaledLong(b, o, scale);
        if (NumericField.fits(unscaled, precision)) {
          return DecimalData.fromUnscaledLong(unscaled, precision, scale);
        }
      }
      return decimal(NumericField.toBigDecimal(b, o, l), precision, scale);
    });
  }

  /** Debezium's streaming money: PGmoney's double (a leading minus made parentheses), rounded half up. */
  private static Object money(String text) {
    try {
      PGmoney money = new PGmoney(text.startsWith("-") ? "(" + text.substring(1) + ")" : text);
      return decimal(ExactMoney.of(money.val), MAX_DECIMAL_PRECISION, MONEY_SCALE);
    } catch (SQLException e) {
      throw new IllegalArgumentException("Not a money value: " + text, e);
    }
  }

  /** As ConnectFieldConverter: a value that does not fit fails, it never becomes a silent NULL. */
  private static DecimalData decimal(BigDecimal value, int precision, int scale) {
    DecimalData data = DecimalData.fromBigDecimal(value, precision, scale);
    if (data == null) {
      throw new IllegalArgumentException("Value " + value + " does not fit decimal(" + precision + "," + scale + ")");
    }
    return data;
  }
}
