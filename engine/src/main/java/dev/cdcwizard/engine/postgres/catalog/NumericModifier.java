package dev.cdcwizard.engine.postgres.catalog;

import java.util.Optional;

/**
 * A numeric's declared precision and scale, as PostgreSQL keeps them in the column's type modifier:
 * ((precision << 16) | (scale & 0x7ff)) + 4, the scale an 11-bit signed number (negative, or above the
 * precision, since PostgreSQL 15). The one reading of it for the type mapping, the copy's decoders, Debezium's
 * numerics and the preflight.
 */
public record NumericModifier(int precision, int scale) {
  /** The most digits an Iceberg decimal, and Flink's, holds. */
  public static final int MAX_DECIMAL_PRECISION = 38;
  private static final int HEADER = 4;

  /** Empty for a numeric without precision (a modifier of -1). */
  public static Optional<NumericModifier> of(int typmod) {
    if (typmod < HEADER) {
      return Optional.empty();
    }
    return Optional.of(new NumericModifier(((typmod - HEADER) >> 16) & 0xffff, signedScale(typmod - HEADER)));
  }

  /**
   * The scale from the modifier's low bits; Debezium and pgjdbc read them as 16 unsigned bits, numeric(5,-2)'s
   * scale as 2046. A positive scale is at most 1000, which needs no sign.
   */
  public static int signedScale(int lowBits) {
    return ((lowBits & 0x7ff) ^ 0x400) - 0x400;
  }

  public int typmod() {
    return ((precision << 16) | (scale & 0x7ff)) + HEADER;
  }

  /** Whether a decimal holds every value: at most 38 digits, a scale between 0 and the precision. */
  public boolean fitsDecimal() {
    return precision <= MAX_DECIMAL_PRECISION && scale >= 0 && scale <= precision;
  }
}
