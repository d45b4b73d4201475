package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.postgres.ExactMoney;
import io.debezium.spi.converter.RelationalColumn;
import java.math.BigDecimal;
import java.sql.SQLException;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.postgresql.util.PGmoney;

/**
 * Money columns (of a domain over money too) with the amounts Debezium's precise decimals gave, scale 2, as
 * text, except that an amount its double cannot hold to the cent stops the job naming the column
 * ({@link NotCarriedValue}), where Debezium wrote the rounded amount quietly ({@link ExactMoney}).
 */
public final class MoneyConverter extends SingleTypeConverter {
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardmoney";
  private static final int MONEY_OID = 790;

  public MoneyConverter() {
    super(MONEY_OID, "money");
  }

  /** A numeric's text, decimal(38,2) in Iceberg as Debezium's money decimals were: text can stand in for an amount. */
  @Override
  SchemaBuilder schema(RelationalColumn column) {
    return SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME)
        .parameter(NumericTextConverter.PRECISION_PARAMETER, "38")
        .parameter(NumericTextConverter.SCALE_PARAMETER, Integer.toString(ExactMoney.SCALE));
  }

  @Override
  Converter converter(RelationalColumn column, boolean optional) {
    return value -> convert(column.name(), optional, value);
  }

  /** A NOT NULL column missing from a delete's old row (an identity index without it) gets Debezium's zero. */
  static String convert(String column, boolean optional, Object value) {
    if (value == null) {
      return optional ? null : BigDecimal.ZERO.setScale(ExactMoney.SCALE).toPlainString();
    }
    try {
      return ExactMoney.of(amount(value)).toPlainString();
    } catch (ExactMoney.BeyondExactException e) {
      return NotCarriedValue.of(EngineMessage.FAILURE_MONEY_BEYOND_EXACT, column, e.amount());
    }
  }

  private static double amount(Object value) {
    if (value instanceof Number number) {
      return number.doubleValue();
    }
    if (value instanceof PGmoney money) {
      return money.val;
    }
    String text = value.toString();
    try {
      return new PGmoney(text.startsWith("-") ? "(" + text.substring(1) + ")" : text).val;
    } catch (SQLException e) {
      throw new IllegalStateException("Not a money value: " + text, e);
    }
  }
}
