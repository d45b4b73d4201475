package dev.cdcwizard.engine.source;

import io.debezium.spi.converter.RelationalColumn;
import java.util.TimeZone;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.postgresql.PGStatement;

/**
 * date columns (of a domain over date too) as Debezium's Date, days since the epoch, read as Debezium reads them
 * except for pgjdbc's {@link java.sql.Date} before 1582-10-15, whose date is taken, not its instant
 * ({@link PgjdbcCalendar}). Measured: Flink CDC's snapshot wrote 0001-01-01 BC as 0001-01-01 AD, quietly.
 */
public final class DateConverter extends SingleTypeConverter {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizarddate";
  private static final int DATE_OID = 1082;

  public DateConverter() {
    super(DATE_OID, "date");
  }

  @Override
  SchemaBuilder schema(RelationalColumn column) {
    return io.debezium.time.Date.builder();
  }

  @Override
  Converter converter(RelationalColumn column, boolean optional) {
    return value -> convert(optional, value);
  }

  /** A NOT NULL column missing from a delete's old row (an identity index without it) gets Debezium's epoch. */
  static Integer convert(boolean optional, Object value) {
    if (value == null) {
      return optional ? null : 0;
    }
    // pgjdbc's infinities are instants of their own, which Debezium's days stand for
    if (value instanceof java.util.Date date && date.getTime() != PGStatement.DATE_POSITIVE_INFINITY
        && date.getTime() != PGStatement.DATE_NEGATIVE_INFINITY) {
      return (int) PgjdbcCalendar.localDateTime(date, TimeZone.getDefault()).toLocalDate().toEpochDay();
    }
    return io.debezium.time.Date.toEpochDay(value, null);
  }
}
