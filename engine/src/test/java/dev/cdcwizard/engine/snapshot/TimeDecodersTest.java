package dev.cdcwizard.engine.snapshot;

import static dev.cdcwizard.engine.snapshot.Columns.decode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.source.ConnectFieldConverter;
import dev.cdcwizard.engine.source.EndOfDayTime;
import dev.cdcwizard.engine.source.MicrosecondRange;
import dev.cdcwizard.engine.source.PostgresInfinity;
import io.debezium.connector.postgresql.PostgresValueConverter;
import io.debezium.connector.postgresql.connection.wal2json.DateTimeFormat;
import io.debezium.time.Date;
import io.debezium.time.MicroDuration;
import io.debezium.time.MicroTime;
import io.debezium.time.MicroTimestamp;
import io.debezium.time.Timestamp;
import io.debezium.time.ZonedTimestamp;
import io.debezium.util.Strings;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.kafka.connect.data.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each decoder against Debezium's own streaming conversion of the text PostgreSQL writes for the same
 * value, then ConnectFieldConverter: the path whose values the COPY path must equal.
 */
class TimeDecodersTest {
  private static final LocalDateTime POSTGRES_EPOCH = LocalDateTime.of(2000, 1, 1, 0, 0);

  @ParameterizedTest
  @ValueSource(strings = {"2024-02-29 12:34:56.789123", "1969-12-31 23:59:59.999999", "1970-01-01 00:00:00",
      "0044-03-15 12:34:56.789123 BC", "1582-10-04 23:59:59.999999", "2262-04-11 23:47:16.854776",
      "294247-01-10 04:00:54.775806", "4713-11-24 00:00:00 BC"})
  void timestampsAsDebeziumsMicroTimestamp(String text) {
    Instant instant = DateTimeFormat.get().timestampToInstant(text);
    Object expected = streamed(MicroTimestamp.schema(), MicroTimestamp.toEpochMicros(instant, null));

    assertThat(decode(decoder(Columns.of("timestamp"), Types.TimestampType.withoutZone()), binary(instant)))
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"2024-02-29 12:34:56.789", "1900-01-01 00:00:00.001", "0044-03-15 12:00:00 BC",
      "294247-01-10 04:00:54.774"})
  void millisecondTimestampsAsDebeziumsTimestamp(String text) {
    Instant instant = DateTimeFormat.get().timestampToInstant(text);
    Object expected = streamed(Timestamp.schema(), Timestamp.toEpochMillis(instant, null));

    assertThat(decode(decoder(Columns.withTypmod("timestamp", 3), Types.TimestampType.withoutZone()), binary(instant)))
        .isEqualTo(expected);
  }

  /**
   * PostgreSQL's timestamps go on to 294276, past a long's microseconds. Measured before: Iceberg got a long's
   * end from Debezium, or a day 290,000 years BC from its own writer, quietly; the copy did the same.
   */
  @Test
  void timestampsBeyondALongsMicrosecondsStopTheJob() {
    Instant beyond = DateTimeFormat.get().timestampToInstant("294276-12-31 23:59:59.999999");

    assertThatThrownBy(() -> decode(decoder(Columns.of("timestamp"), Types.TimestampType.withoutZone()), binary(beyond)))
        .isInstanceOf(MicrosecondRange.BeyondException.class);
    assertThatThrownBy(() -> decode(decoder(Columns.withTypmod("timestamp", 3), Types.TimestampType.withoutZone()),
        binary(beyond))).isInstanceOf(MicrosecondRange.BeyondException.class);
    // what the stream delivers for it, measured: a long's end
    assertThatThrownBy(() -> streamed(MicroTimestamp.schema(), Long.MAX_VALUE))
        .isInstanceOf(SuppressRestartsException.class);
    assertThatThrownBy(() -> streamed(Timestamp.schema(), Timestamp.toEpochMillis(beyond, null)))
        .isInstanceOf(SuppressRestartsException.class);
    assertThatThrownBy(() -> streamed(MicroDuration.builder().build(), Long.MAX_VALUE))
        .isInstanceOf(SuppressRestartsException.class);
  }

  @Test
  void timestampInfinitiesAsDebeziumsInstants() {
    ColumnDecoder micros = decoder(Columns.of("timestamp"), Types.TimestampType.withoutZone());
    ColumnDecoder millis = decoder(Columns.withTypmod("timestamp", 0), Types.TimestampType.withoutZone());

    assertThat(decode(micros, PgBinary.int64(Long.MAX_VALUE))).isEqualTo(streamed(MicroTimestamp.schema(),
        MicroTimestamp.toEpochMicros(PostgresValueConverter.POSITIVE_INFINITY_INSTANT, null)));
    assertThat(decode(millis, PgBinary.int64(Long.MIN_VALUE))).isEqualTo(streamed(Timestamp.schema(),
        Timestamp.toEpochMillis(PostgresValueConverter.NEGATIVE_INFINITY_INSTANT, null)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"2024-02-29 12:34:56.789+02", "1969-12-31 23:59:59.999999-03:30",
      "0100-01-01 00:00:00+00 BC", "1800-01-01 00:00:00+00:53:28", "2500-06-30 23:59:59.999999+14"})
  void timestampsWithTimeZoneAsDebeziumsZonedTimestamp(String text) {
    var utc = DateTimeFormat.get().timestampWithTimeZoneToOffsetDateTime(text).withOffsetSameInstant(ZoneOffset.UTC);
    Object expected = streamed(ZonedTimestamp.schema(), ZonedTimestamp.toIsoString(utc, null));

    assertThat(decode(decoder(Columns.of("timestamptz"), Types.TimestampType.withZone()), binary(utc.toInstant())))
        .isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(strings = {"infinity", "-infinity"})
  void timestampWithTimeZoneInfinityAsTheWordDebeziumStreams(String word) {
    ColumnDecoder decoder = decoder(Columns.of("timestamptz"), Types.TimestampType.withZone());
    long postgresMicros = word.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;

    assertThat(decode(decoder, PgBinary.int64(postgresMicros))).isEqualTo(streamed(ZonedTimestamp.schema(), word));
  }

  /** Not Debezium's overflowed days, more than a million years before PostgreSQL's first date. */
  @Test
  void infiniteDatesAreTheDaysOfTheInfiniteInstants() {
    ColumnDecoder decoder = decoder(Columns.of("date"), Types.DateType.get());

    assertThat(decode(decoder, PgBinary.int32(Integer.MAX_VALUE))).isEqualTo(PostgresInfinity.POSITIVE_DAY);
    assertThat(decode(decoder, PgBinary.int32(Integer.MIN_VALUE))).isEqualTo(PostgresInfinity.NEGATIVE_DAY);
    assertThat(LocalDate.ofEpochDay(PostgresInfinity.POSITIVE_DAY)).isEqualTo(LocalDate.of(294_247, 1, 10));
    assertThat(LocalDate.ofEpochDay(PostgresInfinity.NEGATIVE_DAY)).isEqualTo(LocalDate.of(-290_308, 12, 21));
  }

  @ParameterizedTest
  @ValueSource(strings = {"2024-02-29", "1969-12-31", "0044-03-15 BC", "1582-10-04", "5874897-12-31", "infinity",
      "-infinity"})
  void datesAsDebeziumsDate(String text) {
    LocalDate date = DateTimeFormat.get().date(text);
    int postgresDays = text.endsWith("infinity") ? (text.startsWith("-") ? Integer.MIN_VALUE : Integer.MAX_VALUE)
        : (int) ChronoUnit.DAYS.between(POSTGRES_EPOCH.toLocalDate(), date);

    assertThat(decode(decoder(Columns.of("date"), Types.DateType.get()), PgBinary.int32(postgresDays)))
        .isEqualTo(streamed(Date.schema(), Date.toEpochDay(date, null)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"00:00:00", "12:34:56.789123", "23:59:59.999999"})
  void timesAsDebeziumsMicroTime(String text) {
    long micros = MicroTime.toMicroOfDay(Strings.asDuration(text), true);

    assertThat(decode(decoder(Columns.of("time"), Types.TimeType.get()), PgBinary.int64(micros)))
        .isEqualTo(streamed(MicroTime.schema(), micros));
  }

  /** 24:00:00, PostgreSQL's end of a day, which an Iceberg time cannot hold: copy and stream stop, naming the column. */
  @Test
  void theEndOfADayStopsCopyAndStream() {
    long micros = MicroTime.toMicroOfDay(Strings.asDuration("24:00:00"), true);

    assertThatThrownBy(() -> decode(decoder(Columns.of("time"), Types.TimeType.get()), PgBinary.int64(micros)))
        .isInstanceOf(EndOfDayTime.EndOfDayException.class);
    assertThatThrownBy(() -> streamed(MicroTime.schema(), micros)).isInstanceOf(SuppressRestartsException.class)
        .cause().isInstanceOfSatisfying(PipelineStopException.class, stop -> {
          assertThat(stop.engineMessage()).isEqualTo(EngineMessage.FAILURE_TIME_END_OF_DAY);
          assertThat(stop.arguments()).containsExactly("c");
        });
  }

  @Test
  void timesWithTimeZoneAsDebeziumsIsoTextInUtc() {
    ColumnDecoder decoder = decoder(Columns.of("timetz"), Types.StringType.get());

    assertThat(decoder.selectExpression("\"t\"")).isEqualTo("pg_catalog.textin(pg_catalog.timetz_out(\"t\"))");
    assertThat(decode(decoder, PgBinary.text("12:34:56.789+05:30"))).isEqualTo(StringData.fromString("07:04:56.789Z"));
    assertThat(decode(decoder, PgBinary.text("00:00:00-12"))).isEqualTo(StringData.fromString("12:00:00Z"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"1 day 02:00:00:93600000000", "1 mon:2629800000000", "-00:00:00.000001:-1",
      "-1 days +02:00:00:-79200000000", "1 year 2 mons 3 days 04:05:06.789:37091106789000",
      "00:00:00.001995:1995", "-00:00:00.001995:-1995", "3 days 04:05:00.000004:273900000004",
      "300 years 00:00:00.000001:9467280000000001", "-300 years -00:00:00.000001:-9467280000000001"})
  void intervalsAsDebeziumsMicroDurationWithItsAverageMonthCountedExactly(String textAndMicros) {
    int split = textAndMicros.lastIndexOf(':');
    ColumnDecoder decoder = decoder(Columns.of("interval"), Types.LongType.get());

    assertThat(decode(decoder, PgBinary.text(textAndMicros.substring(0, split))))
        .isEqualTo(Long.parseLong(textAndMicros.substring(split + 1)));
  }

  /** The microseconds since 2000-01-01 timestamp_send writes (ChronoUnit's nanosecond count would overflow). */
  private static byte[] binary(Instant instant) {
    Instant epoch = POSTGRES_EPOCH.toInstant(ZoneOffset.UTC);
    return PgBinary.int64((instant.getEpochSecond() - epoch.getEpochSecond()) * 1_000_000 + instant.getNano() / 1000);
  }

  private static Object streamed(Schema schema, Object connectValue) {
    return ConnectFieldConverter.forSchema("c", schema).convert().apply(connectValue);
  }

  private static ColumnDecoder decoder(PgColumn column, Type type) {
    return ColumnDecoders.forColumn(column, type).orElseThrow();
  }
}
