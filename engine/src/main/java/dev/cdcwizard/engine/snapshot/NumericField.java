package dev.cdcwizard.engine.snapshot;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * A binary {@code numeric}: digit count, weight, sign, display scale, then base-10000 digits, the first
 * worth 10000^weight. Text output prints exactly the display scale's digits, which is what Debezium
 * parses into a BigDecimal; these methods give that same number.
 */
final class NumericField {
  /** Returned by {@link #unscaledLong} when the value needs the BigDecimal path. */
  static final long NOT_COMPACT = Long.MIN_VALUE;
  private static final int POSITIVE = 0x0000;
  private static final int NEGATIVE = 0x4000;
  private static final int NAN = 0xC000;
  private static final int POSITIVE_INFINITY = 0xD000;
  private static final int NEGATIVE_INFINITY = 0xF000;
  private static final long[] POWERS_OF_TEN = new long[19];

  static {
    POWERS_OF_TEN[0] = 1;
    for (int i = 1; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }
  }

  private NumericField() {}

  /** NaN, Infinity or -Infinity as PostgreSQL writes them; null for a number. */
  static String specialText(byte[] bytes, int offset) {
    return switch (BinaryFields.int16(bytes, offset + 4) & 0xFFFF) {
      case NAN -> "NaN";
      case POSITIVE_INFINITY -> "Infinity";
      case NEGATIVE_INFINITY -> "-Infinity";
      default -> null;
    };
  }

  /**
   * The value as PostgreSQL's text output has it: unscaled digits at the display scale.
   *
   * @throws SpecialValueException for NaN and ±Infinity, which a decimal cannot hold
   */
  static BigDecimal toBigDecimal(byte[] bytes, int offset, int length) {
    int digits = BinaryFields.int16(bytes, offset);
    int weight = BinaryFields.int16(bytes, offset + 2);
    int sign = requireNumber(BinaryFields.int16(bytes, offset + 4) & 0xFFFF);
    int displayScale = BinaryFields.int16(bytes, offset + 6);
    BigInteger unscaled = BigInteger.ZERO;
    BigInteger base = BigInteger.valueOf(10_000);
    for (int i = 0; i < digits; i++) {
      unscaled = unscaled.multiply(base).add(BigInteger.valueOf(BinaryFields.int16(bytes, offset + 8 + 2 * i)));
    }
    BigDecimal value = new BigDecimal(sign == NEGATIVE ? unscaled.negate() : unscaled, 4 * (digits - 1 - weight));
    // numeric_out prints display-scale digits, dropping any further (zero) digits
    return value.setScale(displayScale, RoundingMode.DOWN);
  }

  /**
   * The value's unscaled digits at {@code scale}, computed without BigDecimal for the compact decimals
   * (precision up to 18) that most columns are; {@link #NOT_COMPACT} when they do not fit a long or the
   * value has more fractional digits than {@code scale}.
   */
  static long unscaledLong(byte[] bytes, int offset, int scale) {
    int digits = BinaryFields.int16(bytes, offset);
    int weight = BinaryFields.int16(bytes, offset + 2);
    int sign = requireNumber(BinaryFields.int16(bytes, offset + 4) & 0xFFFF);
    long unscaled = 0;
    for (int i = 0; i < digits; i++) {
      if (unscaled > (Long.MAX_VALUE - 9_999) / 10_000) {
        return NOT_COMPACT;
      }
      unscaled = unscaled * 10_000 + BinaryFields.int16(bytes, offset + 8 + 2 * i);
    }
    int exponent = 4 * (weight - digits + 1) + scale;
    if (unscaled != 0 && exponent > 0) {
      if (exponent >= POWERS_OF_TEN.length || unscaled > Long.MAX_VALUE / POWERS_OF_TEN[exponent]) {
        return NOT_COMPACT;
      }
      unscaled *= POWERS_OF_TEN[exponent];
    } else if (unscaled != 0 && exponent < 0) {
      if (-exponent >= POWERS_OF_TEN.length || unscaled % POWERS_OF_TEN[-exponent] != 0) {
        return NOT_COMPACT;
      }
      unscaled /= POWERS_OF_TEN[-exponent];
    }
    return sign == NEGATIVE ? -unscaled : unscaled;
  }

  /** Whether {@code unscaled} has at most {@code precision} digits (precision at most 18). */
  static boolean fits(long unscaled, int precision) {
    return unscaled != NOT_COMPACT && Math.abs(unscaled) < POWERS_OF_TEN[precision];
  }

  private static int requireNumber(int sign) {
    if (sign != POSITIVE && sign != NEGATIVE) {
      throw new SpecialValueException();
    }
    return sign;
  }

  /** NaN or ±Infinity, which a decimal target column cannot hold. */
  static final class SpecialValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    SpecialValueException() {
      super("numeric NaN or Infinity");
    }
  }
}
