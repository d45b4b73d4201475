package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.postgres.catalog.NumericModifier;
import io.debezium.data.SpecialValueDecimal;
import io.debezium.spi.converter.CustomConverter;
import io.debezium.spi.converter.RelationalColumn;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Pattern;
import org.apache.kafka.connect.data.SchemaBuilder;

/**
 * Hands every numeric column, of a domain over numeric too, and every numeric array to the engine as
 * PostgreSQL writes it: digits, or NaN, Infinity and -Infinity. Debezium's precise decimals cannot carry those
 * three; it logs them and puts NULL in their place (the whole array's, for an element), a wrong row written
 * quietly in a column that allows NULL. With the text the engine decides: a text or PostgreSQL target keeps
 * the value, a decimal column stops the job naming it.
 *
 * <p>A PostgreSQL target gets the digits as they are, trailing zeros included; Iceberg's text columns get
 * Debezium's ({@link #debeziumVariableScale}), so tables written before this converter keep their values.
 * A declared precision and scale travel as the schema's parameters, under the names Kafka Connect's
 * decimals use.
 */
public final class NumericTextConverter implements CustomConverter<SchemaBuilder, RelationalColumn> {
  /** The logical name of a numeric column's schema: a string, with precision and scale when declared. */
  public static final String SCHEMA_NAME = "dev.cdcwizard.NumericText";
  public static final String PRECISION_PARAMETER = "connect.decimal.precision";
  public static final String SCALE_PARAMETER = "scale";
  /** Debezium's name for this converter in its {@code converters} setting. */
  static final String NAME = "cdcwizardnumeric";
  private static final int NUMERIC_OID = 1700;
  private static final int NUMERIC_ARRAY_OID = 1231;
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
    // a domain's column carries its root type's oid, and its own name
    boolean numeric = column.nativeType() == NUMERIC_OID || type.equals("numeric") || type.equals("decimal");
    boolean array = column.nativeType() == NUMERIC_ARRAY_OID || type.equals("_numeric");
    if (!numeric && !array) {
      return;
    }
    int length = column.length().orElse(0);
    int scale = NumericModifier.signedScale(column.scale().orElse(0));
    boolean variableScale = (length == 0 || length == UNCONSTRAINED_LENGTH) && scale == 0;
    SchemaBuilder schema = SchemaBuilder.string().name(SCHEMA_NAME);
    if (!variableScale) {
      schema.parameter(PRECISION_PARAMETER, Integer.toString(length))
          .parameter(SCALE_PARAMETER, Integer.toString(scale));
    }
    if (array) {
      // optional whatever the column says: Debezium 1.9 sends no value for an unchanged TOASTed array
      registration.register(SchemaBuilder.array(schema.optional().build()).optional(),
          value -> value == null ? null : elements(column.name(), value, scale));
      return;
    }
    boolean optional = column.isOptional();
    if (optional) {
      schema.optional();
    }
    registration.register(schema, converter(optional, scale));
  }

  /** A NOT NULL column missing from a delete's old row (an identity index without it) gets Debezium's zero. */
  static Converter converter(boolean optional, int scale) {
    return value -> value == null && !optional ? text(BigDecimal.ZERO, scale) : text(value, scale);
  }

  /**
   * The elements of a numeric array, each as {@link #text}: pgjdbc's array (from the stream and Flink CDC's
   * snapshot alike) as array_out wrote it, whose numeric elements need no quotes.
   */
  static List<String> elements(String column, Object value, int scale) {
    if (value instanceof List<?> list) {
      return list.stream().map(element -> element == null ? null : (String) text(element, scale)).toList();
    }
    String literal = value.toString();
    if (!literal.startsWith("{")) {
      // the placeholder of a value PostgreSQL did not send, handed on for the TOAST checks
      return List.of(literal);
    }
    String inner = literal.substring(1, literal.length() - 1);
    if (inner.contains("{")) {
      return List.of(NotCarriedValue.of(EngineMessage.FAILURE_NUMERIC_ARRAY_DIMENSIONS, column));
    }
    List<String> elements = new ArrayList<>();
    if (!inner.isEmpty()) {
      for (String element : inner.split(",", -1)) {
        elements.add(element.equals("NULL") ? null : (String) text(element, scale));
      }
    }
    return elements;
  }

  /**
   * The text of a numeric {@code value} as Debezium or pgjdbc hands it, for a column of {@code scale}: PostgreSQL's
   * own (a number read from its text keeps its scale), which a PostgreSQL target stores as it is.
   */
  public static Object text(Object value, int scale) {
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
    if (scale < 0 && decimal.scale() > 0) {
      // pgjdbc reads a negative scale's modifier as 2046 and pads the value: PostgreSQL writes no fraction
      decimal = withoutZeroFraction(decimal);
    }
    return (decimal.scale() < scale ? decimal.setScale(scale) : decimal).toPlainString();
  }

  private static BigDecimal withoutZeroFraction(BigDecimal decimal) {
    try {
      return decimal.setScale(0, RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      return decimal;
    }
  }

  /**
   * The digits Debezium's variable-scale decimals gave for a numeric without precision, which Iceberg tables
   * written before this converter hold: without trailing zeros. Other text is returned as it is.
   */
  public static String debeziumVariableScale(String text) {
    if (isSpecial(text) || !NUMBER.matcher(text).matches()) {
      return text;
    }
    BigDecimal stripped = new BigDecimal(text).stripTrailingZeros();
    return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
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
