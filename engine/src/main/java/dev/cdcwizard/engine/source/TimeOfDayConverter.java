package dev.cdcwizard.engine.source;

import io.debezium.spi.converter.CustomConverter;
import io.debezium.spi.converter.RelationalColumn;
import io.debezium.time.MicroTime;
import io.debezium.util.Strings;
import java.sql.Time;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Properties;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * Time columns (of a domain over time too) as Debezium's MicroTime, keeping PostgreSQL's 24:00:00 what it is.
 * Flink CDC's snapshot reads a time through pgjdbc as a {@link Time}, where 24:00:00 is midnight of the next
 * day, and Debezium keeps its time of day: measured, 24:00:00 reached Iceberg as 00:00, quietly. Here it stays
 * 24:00:00: a PostgreSQL target writes it, a job into Iceberg stops ({@link EndOfDayTime}). The stream's text
 * is read as Debezium reads it.
 */
public final class TimeOfDayConverter implements CustomConverter<SchemaBuilder, RelationalColumn> {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardtime";
  private static final int TIME_OID = 1083;
  private static final LocalDate JDBC_TIME_DAY = LocalDate.of(1970, 1, 1);

  @Override
  public void configure(Properties properties) {
    // nothing to configure: the column says everything
  }

  @Override
  public void converterFor(RelationalColumn column, ConverterRegistration<SchemaBuilder> registration) {
    String type = column.typeName() == null ? "" : column.typeName().toLowerCase(Locale.ROOT);
    if (column.nativeType() != TIME_OID && !type.equals("time")) {
      return;
    }
    SchemaBuilder schema = MicroTime.builder();
    boolean optional = column.isOptional();
    if (optional) {
      schema.optional();
    }
    registration.register(schema, value -> convert(optional, value));
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
