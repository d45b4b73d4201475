package dev.cdcwizard.engine.source;

import io.debezium.connector.postgresql.PostgresValueConverter;
import io.debezium.spi.converter.RelationalColumn;
import io.debezium.time.ZonedTimestamp;
import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.TimeZone;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * timestamptz columns (of a domain over timestamptz too) as Debezium's ZonedTimestamp text, read as Debezium reads
 * them except for pgjdbc's {@link Timestamp}, whose date and time in UTC are taken, not its instant
 * ({@link PgjdbcCalendar}). Measured: 0001-01-01 00:00:00+00 BC reached Iceberg as -0001-12-30T00:00Z from Flink
 * CDC's snapshot and as 0000-01-01T00:00Z from the stream, quietly.
 */
public final class TimestampWithZoneConverter extends SingleTypeConverter {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardtimestamptz";
  private static final int TIMESTAMPTZ_OID = 1184;
  /** Debezium's value for a NOT NULL column a change does not carry. */
  private static final String FALLBACK = "1970-01-01T00:00:00Z";

  public TimestampWithZoneConverter() {
    super(TIMESTAMPTZ_OID, "timestamptz");
  }

  @Override
  SchemaBuilder schema(RelationalColumn column) {
    return ZonedTimestamp.builder();
  }

  @Override
  Converter converter(RelationalColumn column, boolean optional) {
    return value -> convert(optional, value);
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
      time = infinite ? instant
          : PgjdbcCalendar.localDateTime(date, TimeZone.getTimeZone("UTC")).atOffset(ZoneOffset.UTC);
    }
    if (PostgresValueConverter.POSITIVE_INFINITY_OFFSET_DATE_TIME.equals(time)) {
      return "infinity";
    }
    if (PostgresValueConverter.NEGATIVE_INFINITY_OFFSET_DATE_TIME.equals(time)) {
      return "-infinity";
    }
    return ZonedTimestamp.toIsoString(time, ZoneOffset.UTC, null);
  }
}
