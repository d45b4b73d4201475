package dev.cdcwizard.engine.source;

import io.debezium.spi.converter.RelationalColumn;
import io.debezium.time.MicroTime;
import io.debezium.util.Strings;
import java.sql.Time;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * Time columns (of a domain over time too) as Debezium's MicroTime, keeping PostgreSQL's 24:00:00 what it is.
 * Flink CDC's snapshot reads a time through pgjdbc as a {@link Time}, where 24:00:00 is midnight of the next
 * day, and Debezium keeps its time of day: measured, 24:00:00 reached Iceberg as 00:00, quietly. Here it stays
 * 24:00:00: a PostgreSQL target writes it, a job into Iceberg stops ({@link EndOfDayTime}). The stream's text
 * is read as Debezium reads it.
 */
public final class TimeOfDayConverter extends SingleTypeConverter {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardtime";
  private static final int TIME_OID = 1083;
  private static final LocalDate JDBC_TIME_DAY = LocalDate.of(1970, 1, 1);

  public TimeOfDayConverter() {
    super(TIME_OID, "time");
  }

  @Override
  SchemaBuilder schema(RelationalColumn column) {
    return MicroTime.builder();
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
    if (value instanceof String text) {
      return MicroTime.toMicroOfDay(Strings.asDuration(text), true);
    }
    if (value instanceof Time time) {
      // pgjdbc's Time lies on 1970-01-01 of this process's zone; 24:00:00 on the day after
      LocalDateTime local = LocalDateTime.ofInstant(Instant.ofEpochMilli(time.getTime()), ZoneId.systemDefault());
      return local.toLocalDate().isAfter(JDBC_TIME_DAY) ? EndOfDayTime.MICROS
          : local.toLocalTime().toNanoOfDay() / 1000;
    }
    return MicroTime.toMicroOfDay(value, true);
  }
}
