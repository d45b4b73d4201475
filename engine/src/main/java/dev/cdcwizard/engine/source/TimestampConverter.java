package dev.cdcwizard.engine.source;

import io.debezium.connector.postgresql.PostgresValueConverter;
import io.debezium.spi.converter.RelationalColumn;
import io.debezium.time.MicroTimestamp;
import java.sql.Timestamp;
import java.util.TimeZone;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * timestamp columns (of a domain over timestamp too) as Debezium gives them, milliseconds since the epoch up to
 * a precision of 3 and microseconds beyond, read as Debezium reads them except for pgjdbc's {@link Timestamp},
 * whose date and time are taken, not its instant ({@link PgjdbcCalendar}). Measured: Flink CDC's snapshot wrote
 * 1000-06-15 12:00 as 1000-06-21 12:00, quietly.
 */
public final class TimestampConverter extends SingleTypeConverter {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardtimestamp";
  private static final int TIMESTAMP_OID = 1114;

  public TimestampConverter() {
    super(TIMESTAMP_OID, "timestamp");
  }

  @Override
  SchemaBuilder schema(RelationalColumn column) {
    return millis(column) ? io.debezium.time.Timestamp.builder() : MicroTimestamp.builder();
  }

  @Override
  Converter converter(RelationalColumn column, boolean optional) {
    boolean millis = millis(column);
    return value -> convert(optional, millis, value);
  }

  /** Debezium's adaptive precision, by PostgreSQL's fractional digits. */
  private static boolean millis(RelationalColumn column) {
    return column.scale().orElse(-1) <= 3;
  }

  /** A NOT NULL column missing from a delete's old row (an identity index without it) gets Debezium's epoch. */
  static Long convert(boolean optional, boolean millis, Object value) {
    if (value == null) {
      return optional ? null : 0L;
    }
    Object local = value;
    if (value instanceof Timestamp timestamp) {
      if (timestamp.equals(PostgresValueConverter.POSITIVE_INFINITY_TIMESTAMP)) {
        local = PostgresValueConverter.POSITIVE_INFINITY_LOCAL_DATE_TIME;
      } else if (timestamp.equals(PostgresValueConverter.NEGATIVE_INFINITY_TIMESTAMP)) {
        local = PostgresValueConverter.NEGATIVE_INFINITY_LOCAL_DATE_TIME;
      } else {
        local = PgjdbcCalendar.localDateTime(timestamp, TimeZone.getDefault());
      }
    }
    return millis ? io.debezium.time.Timestamp.toEpochMillis(local, null) : MicroTimestamp.toEpochMicros(local, null);
  }
}
