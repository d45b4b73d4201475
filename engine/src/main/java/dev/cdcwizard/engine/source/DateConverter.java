package dev.cdcwizard.engine.source;

import io.debezium.spi.converter.CustomConverter;
import io.debezium.spi.converter.RelationalColumn;
import java.util.Locale;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.postgresql.PGStatement;

/**
 * date columns (of a domain over date too) as Debezium's Date, days since the epoch, read as Debezium reads them
 * except for pgjdbc's {@link java.sql.Date} before 1582-10-15, whose date is taken, not its instant
 * ({@link PgjdbcCalendar}). Measured: Flink CDC's snapshot wrote 0001-01-01 BC as 0001-01-01 AD, quietly.
 */
public final class DateConverter implements CustomConverter<SchemaBuilder, RelationalColumn> {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizarddate";
  private static final int DATE_OID = 1082;

  @Override
  public void configure(Properties properties) {
    // nothing to configure: the column says everything
  }

  @Override
  public void converterFor(RelationalColumn column, ConverterRegistration<SchemaBuilder> registration) {
    String type = column.typeName() == null ? "" : column.typeName().toLowerCase(Locale.ROOT);
    if (column.nativeType() != DATE_OID && !type.equals("date")) {
      return;
    }
    SchemaBuilder schema = io.debezium.time.Date.builder();
    boolean optional = column.isOptional();
    if (optional) {
      schema.optional();
    }
    registration.register(schema, value -> convert(optional, value));
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
