package dev.cdcwizard.engine.source;

import io.debezium.connector.postgresql.PostgresValueConverter;
import io.debezium.spi.converter.CustomConverter;
import io.debezium.spi.converter.RelationalColumn;
import io.debezium.time.MicroTimestamp;
import java.sql.Timestamp;
import java.util.Locale;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * timestamp columns (of a domain over timestamp too) as Debezium gives them, milliseconds since the epoch up to
 * a precision of 3 and microseconds beyond, read as Debezium reads them except for pgjdbc's {@link Timestamp},
 * whose date and time are taken, not its instant ({@link PgjdbcCalendar}). Measured: Flink CDC's snapshot wrote
 * 1000-06-15 12:00 as 1000-06-21 12:00, quietly.
 */
public final class TimestampConverter implements CustomConverter<SchemaBuilder, RelationalColumn> {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardtimestamp";
  private static final int TIMESTAMP_OID = 1114;

  @Override
  public void configure(Properties properties) {
    // nothing to configure: the column says everything
  }

  @Override
  public void converterFor(RelationalColumn column, ConverterRegistration<SchemaBuilder> registration) {
    String type = column.typeName() == null ? "" : column.typeName().toLowerCase(Locale.ROOT);
    if (column.nativeType() != TIMESTAMP_OID && !type.equals("timestamp")) {
      return;
    }
    // Debezium's adaptive precision, by PostgreSQL's fractional digits
    boolean millis = column.scale().orElse(-1) <= 3;
    SchemaBuilder schema = millis ? io.debezium.time.Timestamp.builder() : MicroTimestamp.builder();
    boolean optional = column.isOptional();
    if (optional) {
      schema.optional();
    }
    registration.register(schema, value -> convert(optional, millis, value));
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
