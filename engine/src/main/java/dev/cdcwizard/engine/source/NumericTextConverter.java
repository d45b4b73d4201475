package dev.cdcwizard.engine.source;

import io.debezium.data.SpecialValueDecimal;
import io.debezium.spi.converter.CustomConverter;
import io.debezium.spi.converter.RelationalColumn;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * Hands every numeric column to the engine as PostgreSQL writes it: digits, or NaN, Infinity and
 * -Infinity. Debezium's precise decimals cannot carry those three; it logs them and puts NULL in their
 * place, a wrong row written quietly in a column that allows NULL. With the text the engine decides:
 * a text or PostgreSQL target keeps the value, a decimal column stops the job naming it.
 *
 * <p>The digits are Debezium's own for the same value (its decimals' scale raised to the column's, its
 * variable-scale decimals without trailing zeros), so targets written before this converter existed
 * keep their values. A declared precision and scale travel as the schema's parameters, under the names
 * Kafka Connect's decimals use.
 */
public final class NumericTextConverter implements CustomConverter<SchemaBuilder, RelationalColumn> {
  /** The logical name of a numeric column's schema: a string, with precision and scale when declared. */
  public static final String SCHEMA_NAME = "dev.cdcwizard.NumericText";
  public static final String PRECISION_PARAMETER = "connect.decimal.precision";
  public static final String SCALE_PARAMETER = "scale";
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardnumeric";
  /** PostgreSQL's length of a numeric declared without precision, as Debezium sees it. */
  private static final int UNCONSTRAINED_LENGTH = 131_089;
  private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

  @Override
  public void configure(Properties properties) {
    // nothing to configure: the column says everything
  }

  @Override
  public void converterFor(RelationalColumn column, ConverterRegistration<SchemaBuilder> registration) {
    String type = column.typeName() == null ? "" : column.typeName().toLowerCase(Locale.ROOT);
    if (!type.equals("numeric") && !type.equals("decimal")) {
      return;
    }
    int length = column.length().orElse(0);
    int scale = column.scale().orElse(0);
    boolean variableScale = (length == 0 || length == UNCONSTRAINED_LENGTH) && scale == 0;
    SchemaBuilder schema = SchemaBuilder.string().name(SCHEMA_NAME);
    if (!variableScale) {
      schema.parameter(PRECISION_PARAMETER, Integer.toString(length))
          .parameter(SCALE_PARAMETER, Integer.toString(scale));
    }
    boolean optional = column.isOptional();
    if (optional) {
      schema.optional();
    }
    registration.register(schema, converter(optional, variableScale, scale));
  }

  /** A NOT NULL column missing from a delete's old row (an identity index without it) gets Debezium's zero. */
  static Converter converter(boolean optional, boolean variableScale, int scale) {
    return value -> value == null && !optional
        ? digits(BigDecimal.ZERO, variableScale, scale) : text(value, variableScale, scale);
  }

  /** Debezium's settings that put this converter on every numeric column. */
  static void register(Properties debezium) {
    debezium.put("converters", NAME);
    debezium.put(NAME + ".type", NumericTextConverter.class.getName());
  }

  /** The text of a numeric {@code value} as Debezium or pgjdbc hands it, for a column of {@code scale}. */
  public static Object text(Object value, boolean variableScale, int scale) {
    BigDecimal decimal;
    if (value == null) {
      return null;
    } else if (value instanceof SpecialValueDecimal special) {
      if (special.getDecimalValue().isEmpty()) {
        return special(special.toDouble());
      }
      decimal = special.getDecimalValue().get();
    } else if (value instanceof BigDecimal number) {
      decimal = number;
    } else if (value instanceof Double || value instanceof Float) {
      double number = ((Number) value).doubleValue();
      if (Double.isNaN(number) || Double.isInfinite(number)) {
        return special(number);
      }
      decimal = new BigDecimal(value.toString());
    } else if (value instanceof Number number) {
      decimal = new BigDecimal(number.toString());
    } else {
      String text = value.toString();
      if (isSpecial(text) || !NUMBER.matcher(text).matches()) {
        // a special value as PostgreSQL writes it, or a placeholder the TOAST checks must still see
        return text;
      }
      decimal = new BigDecimal(text);
    }
    return digits(decimal, variableScale, scale);
  }

  private static String digits(BigDecimal decimal, boolean variableScale, int scale) {
    if (variableScale) {
      BigDecimal stripped = decimal.stripTrailingZeros();
      return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
    }
    return (decimal.scale() < scale ? decimal.setScale(scale) : decimal).toPlainString();
  }

  private static String special(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    return value > 0 ? "Infinity" : "-Infinity";
  }

  /** Whether {@code text} is one of the three values a decimal cannot hold. */
  public static boolean isSpecial(String text) {
    return text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity");
  }
}
