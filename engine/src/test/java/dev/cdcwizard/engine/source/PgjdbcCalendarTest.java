package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import io.debezium.connector.postgresql.PostgresValueConverter;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import org.junit.jupiter.api.Test;
import org.postgresql.PGStatement;

class PgjdbcCalendarTest {

  /** As pgjdbc builds them: fields set on Java's calendar, Julian before 1582-10-15. */
  private static long onJavasCalendar(int era, int year, int month, int day, int hour) {
    GregorianCalendar calendar = new GregorianCalendar(TimeZone.getDefault());
    calendar.clear();
    calendar.set(GregorianCalendar.ERA, era);
    calendar.set(year, month - 1, day, hour, 0, 0);
    return calendar.getTimeInMillis();
  }

  @Test
  void datesBeforeTheGregorianCalendarAreTakenAsPostgresqlCountsThem() {
    Date oneBc = new Date(onJavasCalendar(GregorianCalendar.BC, 1, 1, 1, 0));
    Date modern = Date.valueOf(LocalDate.of(2024, 2, 29));

    assertThat(DateConverter.convert(true, oneBc)).isEqualTo((int) LocalDate.of(0, 1, 1).toEpochDay());
    assertThat(DateConverter.convert(true, modern)).isEqualTo((int) LocalDate.of(2024, 2, 29).toEpochDay());
    assertThat(DateConverter.convert(true, LocalDate.of(0, 1, 1))).isEqualTo((int) LocalDate.of(0, 1, 1).toEpochDay());
    assertThat(DateConverter.convert(true, new Date(PGStatement.DATE_POSITIVE_INFINITY)))
        .isEqualTo(io.debezium.time.Date.toEpochDay(new Date(PGStatement.DATE_POSITIVE_INFINITY), null));
    assertThat(DateConverter.convert(false, null)).isZero();
  }

  @Test
  void timestampsBeforeTheGregorianCalendarAreTakenAsPostgresqlCountsThem() {
    Timestamp thousand = new Timestamp(onJavasCalendar(GregorianCalendar.AD, 1000, 6, 15, 12));
    thousand.setNanos(123_456_000);

    assertThat(TimestampConverter.convert(true, false, thousand))
        .isEqualTo(io.debezium.time.MicroTimestamp.toEpochMicros(LocalDateTime.of(1000, 6, 15, 12, 0, 0, 123_456_000), null));
    assertThat(TimestampConverter.convert(true, true, thousand))
        .isEqualTo(io.debezium.time.Timestamp.toEpochMillis(LocalDateTime.of(1000, 6, 15, 12, 0, 0, 123_000_000), null));
    assertThat(TimestampConverter.convert(true, false, PostgresValueConverter.POSITIVE_INFINITY_TIMESTAMP))
        .isEqualTo(io.debezium.time.MicroTimestamp.toEpochMicros(PostgresValueConverter.POSITIVE_INFINITY_LOCAL_DATE_TIME,
            null));
    assertThat(TimestampConverter.convert(true, false, LocalDateTime.of(2024, 2, 29, 12, 0)))
        .isEqualTo(io.debezium.time.MicroTimestamp.toEpochMicros(LocalDateTime.of(2024, 2, 29, 12, 0), null));
    assertThat(TimestampConverter.convert(false, false, null)).isZero();
  }
}
