package dev.cdcwizard.engine.source;

import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.Locale;
import java.util.TimeZone;

/**
 * pgjdbc builds dates and timestamps on Java's calendar, Julian before 1582-10-15, while PostgreSQL's is Gregorian
 * all the way back: their instants are days off there, their date and time are PostgreSQL's. Flink CDC's snapshot
 * reads through pgjdbc and Debezium took the instants (measured: 0001-01-01 BC arrived as 0001-01-01 AD, 1000-06-15
 * as 1000-06-21, 0001-01-01 00:00:00+00 BC two days early), so the engine's converters read the date and time back.
 */
final class PgjdbcCalendar {
  private PgjdbcCalendar() {}

  /** The date and time Java's calendar gives {@code date} in {@code zone}, as a date and time of PostgreSQL's. */
  static LocalDateTime localDateTime(Date date, TimeZone zone) {
    GregorianCalendar calendar = new GregorianCalendar(zone, Locale.ROOT);
    calendar.setTime(date);
    int year = calendar.get(Calendar.ERA) == GregorianCalendar.BC
        ? 1 - calendar.get(Calendar.YEAR) : calendar.get(Calendar.YEAR);
    int nanos = date instanceof Timestamp timestamp ? timestamp.getNanos()
        : calendar.get(Calendar.MILLISECOND) * 1_000_000;
    return LocalDateTime.of(year, calendar.get(Calendar.MONTH) + 1, calendar.get(Calendar.DAY_OF_MONTH),
        calendar.get(Calendar.HOUR_OF_DAY), calendar.get(Calendar.MINUTE), calendar.get(Calendar.SECOND), nanos);
  }
}
