package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.source.EndOfDayTime;
import dev.cdcwizard.engine.source.IntervalMicrosConverter;
import dev.cdcwizard.engine.source.MicrosecondRange;
import dev.cdcwizard.engine.source.PostgresInfinity;
import io.debezium.connector.postgresql.connection.wal2json.DateTimeFormat;
import io.debezium.time.ZonedTime;
import java.sql.SQLException;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.iceberg.types.Types;
import org.postgresql.util.PGInterval;

/**
 * Dates and times. Binary COPY counts days and microseconds from 2000-01-01 on the proleptic Gregorian
 * calendar, the calendar Debezium's streaming path parses PostgreSQL's text with (its snapshot path, via
 * java.sql types, shifts dates before 1582: STACK.md). Infinities become {@link PostgresInfinity}'s stand-ins.
 */
final class TimeDecoders {
  private static final int POSTGRES_EPOCH_DAY = 10_957;
  private static final long POSTGRES_EPOCH_SECOND = POSTGRES_EPOCH_DAY * 86_400L;
  private static final int MICROS_PER_SECOND = 1_000_000;

  private TimeDecoders() {}

  static Optional<ColumnDecoder> forType(PgColumn column) {
    boolean millisecondPrecision = column.typmod() >= 0 && column.typmod() <= 3;
    return Optional.ofNullable(switch (column.typeName()) {
      case "date" -> ColumnDecoder.binary(Types.DateType.get(), TimeDecoders::date);
      case "time" -> ColumnDecoder.binary(Types.TimeType.get(), TimeDecoders::millisOfDay);
      case "timetz" -> ColumnDecoder.text(Types.StringType.get(), "timetz_out", TimeDecoders::timeWithZone);
      case "timestamp" -> ColumnDecoder.binary(Types.TimestampType.withoutZone(),
          millisecondPrecision ? TimeDecoders::timestampMillis : TimeDecoders::timestampMicros);
      case "timestamptz" -> ColumnDecoder.binary(Types.TimestampType.withZone(), TimeDecoders::instant);
      case "interval" -> ColumnDecoder.text(Types.LongType.get(), "interval_out", TimeDecoders::intervalMicros);
      default -> null;
    });
  }

  /** Flink's TIME: milliseconds of the day; 24:00:00, which an Iceberg time cannot hold, is refused. */
  private static Object millisOfDay(byte[] bytes, int offset, int length) {
    long micros = BinaryFields.int64(bytes, offset);
    if (micros >= EndOfDayTime.MICROS) {
      throw new EndOfDayTime.EndOfDayException();
    }
    return (int) Math.floorDiv(micros, 1000L);
  }

  private static Object date(byte[] bytes, int offset, int length) {
    int days = BinaryFields.int32(bytes, offset);
    if (days == Integer.MAX_VALUE || days == Integer.MIN_VALUE) {
      return days == Integer.MAX_VALUE ? PostgresInfinity.POSITIVE_DAY : PostgresInfinity.NEGATIVE_DAY;
    }
    return days + POSTGRES_EPOCH_DAY;
  }

  /** Debezium's MicroTimestamp: epoch micros by TimeUnit, which saturates past year 294247, where the job stops. */
  private static Object timestampMicros(byte[] bytes, int offset, int length) {
    long micros = BinaryFields.int64(bytes, offset);
    long epochMicros;
    if (micros == Long.MAX_VALUE || micros == Long.MIN_VALUE) {
      epochMicros = infinityMicros(micros);
    } else {
      long second = Math.floorDiv(micros, MICROS_PER_SECOND) + POSTGRES_EPOCH_SECOND;
      long secondMicros = TimeUnit.SECONDS.toMicros(second);
      if (MicrosecondRange.saturated(secondMicros)) {
        throw new MicrosecondRange.BeyondException("timestamp");
      }
      epochMicros = secondMicros + Math.floorMod(micros, MICROS_PER_SECOND);
    }
    return TimestampData.fromEpochMillis(Math.floorDiv(epochMicros, 1000L),
        (int) Math.floorMod(epochMicros, 1000L) * 1000);
  }

  /** Debezium's Timestamp (precision up to 3): epoch millis, exact to the end of PostgreSQL's range. */
  private static Object timestampMillis(byte[] bytes, int offset, int length) {
    long micros = BinaryFields.int64(bytes, offset);
    if (micros == Long.MAX_VALUE || micros == Long.MIN_VALUE) {
      return TimestampData.fromEpochMillis(Math.floorDiv(infinityMicros(micros), 1000L));
    }
    long second = Math.floorDiv(micros, MICROS_PER_SECOND) + POSTGRES_EPOCH_SECOND;
    return TimestampData.fromEpochMillis(
        fitting("timestamp", second * 1000 + Math.floorMod(micros, MICROS_PER_SECOND) / 1000));
  }

  private static long fitting(String type, long millis) {
    if (!MicrosecondRange.fits(millis)) {
      throw new MicrosecondRange.BeyondException(type);
    }
    return millis;
  }

  /** The stand-in instants of {@link PostgresInfinity}, as the stream has them. */
  private static long infinityMicros(long postgresMicros) {
    return postgresMicros == Long.MAX_VALUE ? PostgresInfinity.POSITIVE_MICROS : PostgresInfinity.NEGATIVE_MICROS;
  }

  /** timestamptz reaches ConnectFieldConverter as Debezium's ISO text, parsed back to an instant. */
  private static Object instant(byte[] bytes, int offset, int length) {
    long micros = BinaryFields.int64(bytes, offset);
    if (micros == Long.MAX_VALUE || micros == Long.MIN_VALUE) {
      long epochMicros = infinityMicros(micros);
      return TimestampData.fromEpochMillis(Math.floorDiv(epochMicros, 1000L),
          (int) Math.floorMod(epochMicros, 1000L) * 1000);
    }
    long second = Math.floorDiv(micros, MICROS_PER_SECOND) + POSTGRES_EPOCH_SECOND;
    int microOfSecond = (int) Math.floorMod(micros, MICROS_PER_SECOND);
    return TimestampData.fromEpochMillis(fitting("timestamptz", second * 1000 + microOfSecond / 1000),
        microOfSecond % 1000 * 1000);
  }

  /** Debezium's ZonedTime: the text parsed by its streaming DateTimeFormat, moved to UTC, ISO-formatted. */
  private static Object timeWithZone(String text) {
    return StringData.fromString(
        ZonedTime.toIsoString(DateTimeFormat.get().timeWithTimeZone(text), ZoneOffset.UTC, null));
  }

  /** Debezium's MicroDuration, with its 365.25 / 12-day month, counted exactly as the stream's converter counts it. */
  private static Object intervalMicros(String text) {
    try {
      long micros = IntervalMicrosConverter.micros(new PGInterval(text));
      if (MicrosecondRange.saturated(micros)) {
        throw new MicrosecondRange.BeyondException("interval");
      }
      return micros;
    } catch (SQLException e) {
      throw new IllegalArgumentException("Not an interval: " + text, e);
    }
  }
}
