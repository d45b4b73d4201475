package dev.cdcwizard.engine.source;

import io.debezium.spi.converter.RelationalColumn;
import io.debezium.time.MicroDuration;
import java.math.BigInteger;
import java.sql.SQLException;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.postgresql.util.PGInterval;

/**
 * Interval columns (of a domain over interval too) as Debezium's MicroDuration, microseconds in a long with
 * its month of 365.25 / 12 days, counted exactly. Debezium counts them in a double and truncates: measured,
 * one interval in a hundred with a fraction of a second lost a microsecond ({@code 0.001995} seconds became
 * 1994), and past 2^53 microseconds (about 285 years) more. One beyond a long's microseconds is a long's end,
 * as Debezium's was, for {@link MicrosecondRange} to stop the job.
 */
public final class IntervalMicrosConverter extends SingleTypeConverter {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardinterval";
  private static final int INTERVAL_OID = 1186;
  /**
   * The microseconds of a month (Debezium's average, 30.4375 days: a whole number of them), a day, an hour, a
   * minute, a second and a microsecond.
   */
  private static final long[] UNIT_MICROS = {2_629_800_000_000L, 86_400_000_000L, 3_600_000_000L, 60_000_000L,
      1_000_000L, 1L};

  public IntervalMicrosConverter() {
    super(INTERVAL_OID, "interval");
  }

  @Override
  SchemaBuilder schema(RelationalColumn column) {
    return MicroDuration.builder();
  }

  @Override
  Converter converter(RelationalColumn column, boolean optional) {
    return value -> convert(optional, value);
  }

  /** A NOT NULL column missing from a delete's old row (an identity index without it) gets Debezium's zero. */
  static Long convert(boolean optional, Object value) {
    if (value == null) {
      return optional ? null : 0L;
    }
    if (value instanceof Number number) {
      return number.longValue();
    }
    try {
      return micros(value instanceof PGInterval interval ? interval : new PGInterval(value.toString()));
    } catch (SQLException e) {
      throw new IllegalArgumentException("Not an interval: " + value, e);
    }
  }

  /** The interval's microseconds, a month as 30.4375 days; a long's end, by its sign, beyond. */
  public static long micros(PGInterval interval) {
    long[] counts = {interval.getYears() * 12L + interval.getMonths(), interval.getDays(), interval.getHours(),
        interval.getMinutes(), interval.getWholeSeconds(), interval.getMicroSeconds()};
    try {
      long micros = 0;
      for (int i = 0; i < counts.length; i++) {
        micros = Math.addExact(micros, Math.multiplyExact(counts[i], UNIT_MICROS[i]));
      }
      return micros;
    } catch (ArithmeticException beyond) {
      BigInteger micros = BigInteger.ZERO;
      for (int i = 0; i < counts.length; i++) {
        micros = micros.add(BigInteger.valueOf(counts[i]).multiply(BigInteger.valueOf(UNIT_MICROS[i])));
      }
      return micros.signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
  }
}
