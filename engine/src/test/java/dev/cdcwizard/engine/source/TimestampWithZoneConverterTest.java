package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.postgresql.PGStatement;

class TimestampWithZoneConverterTest {

  /** pgjdbc builds 0001-01-01 00:00:00+00 BC on Java's Julian calendar; Debezium's instant of it was two days early. */
  @Test
  void aTimestampBeforeTheGregorianCalendarIsTakenAsPostgresqlCountsIt() {
    GregorianCalendar julian = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
    julian.clear();
    julian.set(GregorianCalendar.ERA, GregorianCalendar.BC);
    julian.set(1, 0, 1, 0, 0, 0);
    Timestamp pgjdbcs = new Timestamp(julian.getTimeInMillis());

    assertThat(OffsetDateTime.ofInstant(pgjdbcs.toInstant(), ZoneOffset.UTC)).as("Debezium's instant")
        .isEqualTo(OffsetDateTime.of(-1, 12, 30, 0, 0, 0, 0, ZoneOffset.UTC));
    assertThat(TimestampWithZoneConverter.convert(true, pgjdbcs)).isEqualTo("0000-01-01T00:00:00Z");
  }

  @Test
  void everythingElseAsDebeziumTakesIt() {
    Timestamp modern = Timestamp.from(OffsetDateTime.of(2024, 2, 29, 10, 34, 56, 789_123_000, ZoneOffset.UTC)
        .toInstant());
    assertThat(TimestampWithZoneConverter.convert(true, modern)).isEqualTo("2024-02-29T10:34:56.789123Z");
    assertThat(TimestampWithZoneConverter.convert(true, OffsetDateTime.of(2024, 1, 1, 0, 0, 0, 0, ZoneOffset.ofHours(2))))
        .as("an offset as the stream hands it, kept as Debezium keeps it").isEqualTo("2024-01-01T00:00:00+02:00");
    assertThat(TimestampWithZoneConverter.convert(true, new Timestamp(PGStatement.DATE_POSITIVE_INFINITY)))
        .isEqualTo("infinity");
    assertThat(TimestampWithZoneConverter.convert(true, new Timestamp(PGStatement.DATE_NEGATIVE_INFINITY)))
        .isEqualTo("-infinity");
    assertThat(TimestampWithZoneConverter.convert(false, null)).isEqualTo("1970-01-01T00:00:00Z");
    assertThat(TimestampWithZoneConverter.convert(true, null)).isNull();
  }
}
