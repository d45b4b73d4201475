package dev.cdcwizard.engine.source;

import io.debezium.connector.postgresql.PostgresValueConverter;
import io.debezium.spi.converter.CustomConverter;
import io.debezium.spi.converter.RelationalColumn;
import io.debezium.time.ZonedTimestamp;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.Locale;
import java.util.Properties;
import java.util.TimeZone;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * timestamptz columns (of a domain over timestamptz too) as Debezium's ZonedTimestamp text, read as Debezium reads
 * them except for the instant of pgjdbc's {@link Timestamp}. Flink CDC's snapshot reads a timestamptz through
 * pgjdbc, which builds it on Java's calendar, Julian before 1582-10-15, while PostgreSQL's is Gregorian all the way
 * back; Debezium took the Timestamp's instant. Measured: 0001-01-01 00:00:00+00 BC reached Iceberg as
 * -0001-12-30T00:00Z from Flink CDC's snapshot and as 0000-01-01T00:00Z from the stream, quietly. Here the
 * Timestamp's date and time are read back on that calendar, as pgjdbc wrote them, and taken on PostgreSQL's.
 */
public final class TimestampWithZoneConverter implements CustomConverter<SchemaBuilder, RelationalColumn> {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardtimestamptz";
  private static final int TIMESTAMPTZ_OID = 1184;
  /** Debezium's value for a NOT NULL column a change does not carry. */
  private static final String FALLBACK = "1970-01-01T00:00:00Z";

  @Override
  public void configure(Properties properties) {
    // nothing to configure: the column says everything
  }

  @Override
  public void converterFor(RelationalColumn column, ConverterRegistration<SchemaBuilder> registration) {
    String type = column.typeName() == null ? "" : column.typeName().toLowerCase(Locale.ROOT);
    if (column.nativeType() != TIMESTAMPTZ_OID && !type.equals("timestamptz")) {
      return;
    }
    SchemaBuilder schema = ZonedTimestamp.builder();
    boolean optional = column.isOptional();
    if (optional) {
      schema.optional();
    }
    registration.register(schema, value -> convert(optional, value));
  }

  /** A NOT NULL column missing from a delete's old row (an identity index without it) gets Debezium's epoch. */
  static String convert(boolean optional, Object value) {
    if (value == null) {
      return optional ? null : FALLBACK;
    }
    Object time = value;
    if (value instanceof Date date) {
      OffsetDateTime instant = OffsetDateTime.ofInstant(date.toInstant(), ZoneOffset.UTC);
      // pgjdbc's infinities are instants of their own, which Debezium names
      boolean infinite = instant.equals(PostgresValueConverter.POSITIVE_INFINITY_OFFSET_DATE_TIME)
          || instant.equals(PostgresValueConverter.NEGATIVE_INFINITY_OFFSET_DATE_TIME);
      time = infinite ? instant : onPostgresCalendar(date);
    }
    if (PostgresValueConverter.POSITIVE_INFINITY_OFFSET_DATE_TIME.equals(time)) {
      return "infinity";
    }
    if (PostgresValueConverter.NEGATIVE_INFINITY_OFFSET_DATE_TIME.equals(time)) {
      return "-infinity";
    }
    return ZonedTimestamp.toIsoString(time, ZoneOffset.UTC, null);
  }

  /** The date and time Java's calendar gives the instant in UTC, on the Gregorian calendar PostgreSQL uses. */
  static OffsetDateTime onPostgresCalendar(Date date) {
    GregorianCalendar utc = new GregorianCalendar(TimeZone.getTimeZone("UTC"), Locale.ROOT);
    utc.setTime(date);
    int year = utc.get(Calendar.ERA) == GregorianCalendar.BC ? 1 - utc.get(Calendar.YEAR) : utc.get(Calendar.YEAR);
    int nanos = date instanceof Timestamp timestamp ? timestamp.getNanos() : utc.get(Calendar.MILLISECOND) * 1_000_000;
    return OffsetDateTime.of(year, utc.get(Calendar.MONTH) + 1, utc.get(Calendar.DAY_OF_MONTH),
        utc.get(Calendar.HOUR_OF_DAY), utc.get(Calendar.MINUTE), utc.get(Calendar.SECOND), nanos, ZoneOffset.UTC);
  }
}
