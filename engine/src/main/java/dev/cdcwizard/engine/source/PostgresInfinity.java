package dev.cdcwizard.engine.source;

import io.debezium.connector.postgresql.PostgresValueConverter;
import org.postgresql.PGStatement;

/**
 * PostgreSQL's {@code infinity} and {@code -infinity} in dates and timestamps, which Iceberg's types cannot
 * hold. Iceberg gets the instants pgjdbc and Debezium stand them in with (epoch microseconds
 * 9223372036825200000 and -9223372036832400000: years 294247 and -290308), and for dates the days of
 * those instants, so {@code valid_to > current_date} still holds for a row valid until infinity (a real
 * date or time at a stand-in, past year 294246, reads as infinity there). A PostgreSQL target gets the
 * words back.
 *
 * <p>Debezium 1.9 overflows dates: the days it gives for an infinite date are an int cast of a
 * LocalDate's epoch day on the WAL path and of a java.sql.Date's on its snapshot path, both more than
 * a million years before PostgreSQL's first date, so they cannot be a real date and are read back here.
 */
public final class PostgresInfinity {
  /** The instants standing in for the infinities, as epoch microseconds. */
  public static final long POSITIVE_MICROS = PGStatement.DATE_POSITIVE_INFINITY;
  public static final long NEGATIVE_MICROS = PGStatement.DATE_NEGATIVE_INFINITY;
  /** The days of those instants, standing in for the infinite dates. */
  public static final int POSITIVE_DAY = (int) Math.floorDiv(POSITIVE_MICROS, 86_400_000_000L);
  public static final int NEGATIVE_DAY = (int) Math.floorDiv(NEGATIVE_MICROS, 86_400_000_000L);

  private static final int STREAMED_POSITIVE_DAY = (int) PostgresValueConverter.POSITIVE_INFINITY_LOCAL_DATE.toEpochDay();
  private static final int STREAMED_NEGATIVE_DAY = (int) PostgresValueConverter.NEGATIVE_INFINITY_LOCAL_DATE.toEpochDay();
  private static final int SNAPSHOT_POSITIVE_DAY =
      io.debezium.time.Date.toEpochDay(new java.sql.Date(PGStatement.DATE_POSITIVE_INFINITY), null);
  private static final int SNAPSHOT_NEGATIVE_DAY =
      io.debezium.time.Date.toEpochDay(new java.sql.Date(PGStatement.DATE_NEGATIVE_INFINITY), null);

  private PostgresInfinity() {}

  /** The day for Debezium's {@code days}: the stand-in where they mean an infinity, else themselves. */
  public static int day(int days) {
    String word = dayWord(days);
    return word == null ? days : word.equals("infinity") ? POSITIVE_DAY : NEGATIVE_DAY;
  }

  /**
   * {@code infinity}, {@code -infinity}, or null: told from Debezium's own {@code days}, not the stand-ins,
   * which are real PostgreSQL dates too.
   */
  public static String dayWord(int days) {
    if (days == STREAMED_POSITIVE_DAY || days == SNAPSHOT_POSITIVE_DAY) {
      return "infinity";
    }
    return days == STREAMED_NEGATIVE_DAY || days == SNAPSHOT_NEGATIVE_DAY ? "-infinity" : null;
  }

  /** {@code infinity}, {@code -infinity}, or null for an instant that is not a stand-in. */
  public static String microsWord(long epochMicros) {
    return epochMicros == POSITIVE_MICROS ? "infinity" : epochMicros == NEGATIVE_MICROS ? "-infinity" : null;
  }

  /** The instant for timestamptz's text from Debezium, where it is a word rather than a time; else null. */
  public static Long microsOfWord(String text) {
    return text.equals("infinity") ? Long.valueOf(POSITIVE_MICROS)
        : text.equals("-infinity") ? Long.valueOf(NEGATIVE_MICROS) : null;
  }
}
