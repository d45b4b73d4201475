package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.snapshot.PgColumn;
import io.debezium.time.MicroDuration;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.HexFormat;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.postgresql.util.PGInterval;

/**
 * Values of COPY's text format, for the types of the benchmark's tables, equal to what the binary
 * decoders give: the text-format side of {@link CopyFormatBenchmark}. Parses digits straight from the
 * bytes, as a production text decoder would; handles the cases the benchmark's data has (no BC, no
 * infinity), so it is if anything cheaper than a complete one.
 */
final class CopyTextValues {
  private CopyTextValues() {}

  /** Turns a field of the column's text into its value. */
  interface TextDecoder {
    Object decode(byte[] bytes, int offset, int length);
  }

  static TextDecoder forColumn(PgColumn column) {
    return switch (column.typeName()) {
      case "int2", "int4" -> (b, o, l) -> (int) digits(b, o, o + l);
      case "int8" -> (b, o, l) -> digits(b, o, o + l);
      case "float4" -> (b, o, l) -> Float.parseFloat(ascii(b, o, l));
      case "float8" -> (b, o, l) -> Double.parseDouble(ascii(b, o, l));
      case "bool" -> (b, o, l) -> b[o] == 't';
      case "numeric" -> decimal((((column.typmod() - 4) >> 16) & 0xFFFF), (column.typmod() - 4) & 0x7FF);
      case "text", "varchar", "bpchar", "uuid", "jsonb" ->
          (b, o, l) -> StringData.fromBytes(Arrays.copyOfRange(b, o, o + l));
      case "bytea" -> (b, o, l) -> HexFormat.of().parseHex(ascii(b, o + 2, l - 2));
      case "date" -> (b, o, l) -> (int) epochDay(b, o);
      case "time" -> (b, o, l) -> (int) (microsOfDay(b, o, o + l) / 1000);
      case "timestamp" -> (b, o, l) -> timestamp(epochDay(b, o) * 86_400_000_000L + microsOfDay(b, o + 11, o + l));
      case "timestamptz" -> CopyTextValues::timestampWithZone;
      case "interval" -> CopyTextValues::interval;
      default -> throw new IllegalArgumentException("No text decoder in the benchmark for " + column.describe());
    };
  }

  private static TextDecoder decimal(int precision, int scale) {
    return (b, o, l) -> {
      long unscaled = 0;
      int fraction = -1;
      int at = b[o] == '-' ? o + 1 : o;
      for (; at < o + l; at++) {
        if (b[at] == '.') {
          fraction = 0;
        } else {
          unscaled = unscaled * 10 + (b[at] - '0');
          fraction += fraction >= 0 ? 1 : 0;
        }
      }
      if (precision > 18 || fraction != scale) {
        return DecimalData.fromBigDecimal(new BigDecimal(ascii(b, o, l)), precision, scale);
      }
      return DecimalData.fromUnscaledLong(b[o] == '-' ? -unscaled : unscaled, precision, scale);
    };
  }

  private static Object timestampWithZone(byte[] b, int o, int l) {
    int end = o + l;
    int sign = end - 1;
    while (b[sign] != '+' && b[sign] != '-') {
      sign--;
    }
    int offsetSeconds = (int) digits(b, sign + 1, sign + 3) * 3600;
    if (sign + 3 < end) {
      offsetSeconds += (int) digits(b, sign + 4, sign + 6) * 60;
    }
    long micros = epochDay(b, o) * 86_400_000_000L + microsOfDay(b, o + 11, sign)
        - (b[sign] == '-' ? -offsetSeconds : offsetSeconds) * 1_000_000L;
    return timestamp(micros);
  }

  private static Object interval(byte[] b, int o, int l) {
    try {
      PGInterval interval = new PGInterval(ascii(b, o, l));
      return MicroDuration.durationMicros(interval.getYears(), interval.getMonths(), interval.getDays(),
          interval.getHours(), interval.getMinutes(), interval.getSeconds(), MicroDuration.DAYS_PER_MONTH_AVG);
    } catch (SQLException e) {
      throw new IllegalArgumentException(e);
    }
  }

  private static TimestampData timestamp(long epochMicros) {
    return TimestampData.fromEpochMillis(Math.floorDiv(epochMicros, 1000L),
        (int) Math.floorMod(epochMicros, 1000L) * 1000);
  }

  /** YYYY-MM-DD at {@code o}: days since 1970 by the proleptic Gregorian civil-days formula. */
  private static long epochDay(byte[] b, int o) {
    long year = digits(b, o, o + 4);
    int month = (int) digits(b, o + 5, o + 7);
    int day = (int) digits(b, o + 8, o + 10);
    year -= month <= 2 ? 1 : 0;
    long era = Math.floorDiv(year, 400);
    long yearOfEra = year - era * 400;
    long dayOfYear = (153L * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    long dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
    return era * 146_097 + dayOfEra - 719_468;
  }

  /** HH:MM:SS[.ffffff] from {@code o} to {@code end}. */
  private static long microsOfDay(byte[] b, int o, int end) {
    long micros = (digits(b, o, o + 2) * 3600 + digits(b, o + 3, o + 5) * 60 + digits(b, o + 6, o + 8)) * 1_000_000L;
    if (o + 8 < end && b[o + 8] == '.') {
      long fraction = digits(b, o + 9, end);
      for (int digits = end - (o + 9); digits < 6; digits++) {
        fraction *= 10;
      }
      micros += fraction;
    }
    return micros;
  }

  private static long digits(byte[] b, int from, int to) {
    boolean negative = b[from] == '-';
    long value = 0;
    for (int i = negative ? from + 1 : from; i < to; i++) {
      value = value * 10 + (b[i] - '0');
    }
    return negative ? -value : value;
  }

  private static String ascii(byte[] b, int o, int l) {
    return new String(b, o, l, StandardCharsets.ISO_8859_1);
  }
}
