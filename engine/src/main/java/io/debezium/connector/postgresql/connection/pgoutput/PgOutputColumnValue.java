package io.debezium.connector.postgresql.connection.pgoutput;

import io.debezium.connector.postgresql.PostgresValueConverter;
import io.debezium.connector.postgresql.connection.AbstractColumnValue;
import io.debezium.data.SpecialValueDecimal;
import io.debezium.util.Strings;
import java.math.BigDecimal;

/**
 * CDC Wizard's replacement for the class of this name in Debezium 1.9.8: one value of a pgoutput
 * change, as the text PostgreSQL sent. Debezium's reads a numeric's NaN but not the Infinity and
 * -Infinity of PostgreSQL 14, failing on them at every restart of the job; this one reads all three,
 * which {@code dev.cdcwizard.engine.source.NumericTextConverter} then hands on as text. Everything
 * else is as in Debezium's. It is on the class path before Debezium's, as {@code WalPositionLocator}
 * is, and {@code dev.cdcwizard.engine.job.DebeziumReplacementsGuard} checks both.
 */
public class PgOutputColumnValue extends AbstractColumnValue<String> {
  /** What {@code DebeziumReplacementsGuard} looks for: this class, not Debezium's, is loaded. */
  public static final String REPLACED_BY = "cdc-wizard";

  private final String value;

  PgOutputColumnValue(String value) {
    this.value = value;
  }

  @Override
  public String getRawValue() {
    return value;
  }

  @Override
  public boolean isNull() {
    return value == null;
  }

  @Override
  public String asString() {
    return value;
  }

  @Override
  public Boolean asBoolean() {
    return "t".equalsIgnoreCase(value);
  }

  @Override
  public Integer asInteger() {
    return Integer.valueOf(value);
  }

  @Override
  public Long asLong() {
    return Long.valueOf(value);
  }

  @Override
  public Float asFloat() {
    return Float.valueOf(value);
  }

  @Override
  public Double asDouble() {
    return Double.valueOf(value);
  }

  @Override
  public SpecialValueDecimal asDecimal() {
    return PostgresValueConverter.toSpecialValue(value)
        .orElseGet(() -> new SpecialValueDecimal(new BigDecimal(value)));
  }

  /** bytea's hex output: {@code \x} and two digits a byte. */
  @Override
  public byte[] asByteArray() {
    return Strings.hexStringToByteArray(value.substring(2));
  }
}
