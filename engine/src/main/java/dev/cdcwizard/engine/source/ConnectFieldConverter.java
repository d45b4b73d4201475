package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.postgres.SpecialNumericValueException;
import dev.cdcwizard.engine.postgres.catalog.NumericModifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;

/**
 * How one Debezium (Kafka Connect) field becomes an Iceberg column: its Iceberg type and the function
 * that turns a Connect value into Flink's internal value for that type. Chosen once per schema, applied
 * per row. The type is {@link PostgresTypeMapping}'s for the PostgreSQL type the schema carries (Debezium
 * encodes each type its own way: int4 as INT32, timestamp as MicroTimestamp...), so a change event is typed
 * as its table was created from the catalog.
 *
 * <p>Types that would lose information in an Iceberg number or time type (numeric without precision,
 * time with time zone, arrays, geometric types) become strings that keep the exact PostgreSQL value.
 */
public record ConnectFieldConverter(Type type, Function<Object, Object> convert) {
  private static final int NO_TYPMOD = -1;

  public static ConnectFieldConverter forSchema(String column, Schema schema) {
    if (schema.type() == Schema.Type.ARRAY && NumericTextConverter.SCHEMA_NAME.equals(schema.valueSchema().name())) {
      return numericArray(schema.valueSchema());
    }
    String logical = schema.name() == null ? "" : schema.name();
    switch (logical) {
      case NumericTextConverter.SCHEMA_NAME:
        return numericText(column, schema);
      case "org.apache.kafka.connect.data.Decimal":
        return decimal(column, schema);
      case "io.debezium.data.VariableScaleDecimal":
        return text("numeric", value -> StringData.fromString(variableScale((Struct) value).toPlainString()));
      case "io.debezium.time.Date", "org.apache.kafka.connect.data.Date":
        return of("date", ConnectFieldConverter::days);
      case "io.debezium.time.Time", "org.apache.kafka.connect.data.Time":
        return of("time", value -> EndOfDayTime.millisOfDay(column, millisOfDay(value) * 1000L));
      case "io.debezium.time.MicroTime":
        return of("time", value -> EndOfDayTime.millisOfDay(column, ((Number) value).longValue()));
      case "io.debezium.time.NanoTime":
        return of("time",
            value -> EndOfDayTime.millisOfDay(column, Math.floorDiv(((Number) value).longValue(), 1000L)));
      case "io.debezium.time.Timestamp", "org.apache.kafka.connect.data.Timestamp":
        return of("timestamp", value -> {
          long millis = epochMillis(value);
          if (!MicrosecondRange.fits(millis)) {
            throw MicrosecondRange.stop(column, "timestamp");
          }
          return TimestampData.fromEpochMillis(millis);
        });
      case "io.debezium.time.MicroTimestamp":
        return of("timestamp", value -> fromEpoch(checkedMicros(column, schema, value), 1000L));
      case "io.debezium.time.NanoTimestamp":
        return of("timestamp", value -> fromEpoch(((Number) value).longValue(), 1_000_000L));
      case "io.debezium.time.ZonedTimestamp":
        return of("timestamptz", value -> {
          TimestampData instant = instant(value);
          if (!MicrosecondRange.fits(instant.getMillisecond())) {
            throw MicrosecondRange.stop(column, "timestamptz");
          }
          return instant;
        });
      case "io.debezium.time.MicroDuration":
        return of("interval", value -> checkedMicros(column, schema, value));
      default:
        return forType(schema);
    }
  }

  private static ConnectFieldConverter forType(Schema schema) {
    return switch (schema.type()) {
      case INT8, INT16, INT32 -> of("int4", value -> ((Number) value).intValue());
      case INT64 -> of("int8", value -> ((Number) value).longValue());
      case FLOAT32 -> of("float4", value -> ((Number) value).floatValue());
      case FLOAT64 -> of("float8", value -> ((Number) value).doubleValue());
      case BOOLEAN -> of("bool", value -> value);
      case BYTES -> of("bytea", ConnectFieldConverter::bytes);
      default -> text("text", value -> StringData.fromString(text(value)));
    };
  }

  /** The mapping's type of {@code postgresType}, whose Flink values {@code convert} gives. */
  private static ConnectFieldConverter of(String postgresType, Function<Object, Object> convert) {
    return new ConnectFieldConverter(PostgresTypeMapping.icebergType(postgresType, NO_TYPMOD), convert);
  }

  /**
   * As {@link #of} for a conversion that gives text: a mapping that typed {@code postgresType} otherwise would
   * get values its type cannot hold, so it fails here, when the first event of the table arrives.
   */
  private static ConnectFieldConverter text(String postgresType, Function<Object, Object> convert) {
    Type type = PostgresTypeMapping.icebergType(postgresType, NO_TYPMOD);
    if (type.typeId() != Type.TypeID.STRING) {
      throw new IllegalStateException(postgresType + " is no longer text in the type mapping: " + type);
    }
    return new ConnectFieldConverter(type, convert);
  }

  /** A Connect decimal (money, and numerics read without the engine's converter): numeric(p,s), p 38 if not said. */
  private static ConnectFieldConverter decimal(String column, Schema schema) {
    int scale = Integer.parseInt(schema.parameters().getOrDefault("scale", "0"));
    String declared = schema.parameters().get("connect.decimal.precision");
    int precision = declared == null ? NumericModifier.MAX_DECIMAL_PRECISION : Integer.parseInt(declared);
    Type type = PostgresTypeMapping.icebergType("numeric", new NumericModifier(precision, scale).typmod());
    if (type instanceof Types.DecimalType decimal) {
      return new ConnectFieldConverter(decimal, value -> fitted(column, (BigDecimal) value, decimal));
    }
    return new ConnectFieldConverter(type, value -> StringData.fromString(((BigDecimal) value).toPlainString()));
  }

  private static DecimalData fitted(String column, BigDecimal value, Types.DecimalType type) {
    DecimalData data = DecimalData.fromBigDecimal(value, type.precision(), type.scale());
    if (data == null) {
      // Flink returns null when the value does not fit: never turn a number into a silent NULL.
      throw new IllegalArgumentException("Value " + value + " of column " + column
          + " does not fit decimal(" + type.precision() + "," + type.scale() + ")");
    }
    return data;
  }

  /**
   * A numeric as {@link NumericTextConverter} hands it: a decimal where the mapping gives one for the declared
   * precision and scale, else text that keeps every digit and NaN or Infinity. A decimal cannot hold those: the
   * job stops.
   */
  private static ConnectFieldConverter numericText(String column, Schema schema) {
    Map<String, String> parameters = schema.parameters() == null ? Map.of() : schema.parameters();
    String declared = parameters.get(NumericTextConverter.PRECISION_PARAMETER);
    if (declared == null) {
      return text("numeric", value -> StringData.fromString(
          NumericTextConverter.debeziumVariableScale(NotCarriedValue.checked((String) value))));
    }
    int scale = Integer.parseInt(parameters.getOrDefault(NumericTextConverter.SCALE_PARAMETER, "0"));
    Type type = PostgresTypeMapping.icebergType("numeric",
        new NumericModifier(Integer.parseInt(declared), scale).typmod());
    if (!(type instanceof Types.DecimalType decimal)) {
      return new ConnectFieldConverter(type, value -> StringData.fromString(NotCarriedValue.checked((String) value)));
    }
    return new ConnectFieldConverter(decimal, value -> {
      String text = NotCarriedValue.checked((String) value);
      if (NumericTextConverter.isSpecial(text)) {
        throw new SpecialNumericValueException(column);
      }
      return fitted(column, new BigDecimal(text), decimal);
    });
  }

  /** A numeric array as {@link NumericTextConverter} hands it, as text with the digits a numeric column gets. */
  private static ConnectFieldConverter numericArray(Schema element) {
    boolean variableScale = element.parameters() == null
        || !element.parameters().containsKey(NumericTextConverter.PRECISION_PARAMETER);
    return text("_numeric", value -> StringData.fromString(text(
        ((List<?>) value).stream().map(digits -> digits == null ? null : variableScale
            ? NumericTextConverter.debeziumVariableScale(NotCarriedValue.checked((String) digits))
            : NotCarriedValue.checked((String) digits)).toList())));
  }

  /**
   * Text for what has no Iceberg type of its own: arrays as PostgreSQL writes them ({1,2}), points as
   * (x,y), other geometries as their WKB in hex; never a Java object's identity.
   */
  private static String text(Object value) {
    if (value instanceof List<?> list) {
      StringBuilder text = new StringBuilder("{");
      for (int i = 0; i < list.size(); i++) {
        text.append(i == 0 ? "" : ",").append(list.get(i) == null ? "NULL" : text(list.get(i)));
      }
      return text.append('}').toString();
    }
    if (value instanceof Struct struct) {
      return structText(struct);
    }
    if (value instanceof byte[] || value instanceof ByteBuffer) {
      return HexFormat.of().formatHex(bytes(value));
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.toPlainString();
    }
    return String.valueOf(value);
  }

  private static String structText(Struct struct) {
    if ("io.debezium.data.VariableScaleDecimal".equals(struct.schema().name())) {
      // an element of a numeric array: its digits, not the struct Debezium carries them in
      return variableScale(struct).toPlainString();
    }
    if (struct.schema().field("x") != null && struct.schema().field("y") != null) {
      return "(" + struct.get("x") + "," + struct.get("y") + ")";
    }
    if (struct.schema().field("wkb") != null) {
      return text(struct.get("wkb"));
    }
    StringBuilder text = new StringBuilder("{");
    struct.schema().fields().forEach(field -> text.append(text.length() > 1 ? "," : "")
        .append(field.name()).append('=').append(text(struct.get(field))));
    return text.append('}').toString();
  }

  private static BigDecimal variableScale(Struct struct) {
    return new BigDecimal(new BigInteger(bytes(struct.get("value"))), struct.getInt32("scale"));
  }

  /** Debezium's microseconds, which a PostgreSQL target checks the same way ({@link MicrosecondRange#check}). */
  private static long checkedMicros(String column, Schema schema, Object value) {
    MicrosecondRange.check(column, schema, value);
    return ((Number) value).longValue();
  }

  private static Object days(Object value) {
    return PostgresInfinity.day(value instanceof java.util.Date date
        ? (int) Math.floorDiv(date.getTime(), 86_400_000L) : ((Number) value).intValue());
  }

  /** Debezium's ISO text of a timestamptz, or the word for an infinity, which has a stand-in instant. */
  private static TimestampData instant(Object value) {
    Long infinity = PostgresInfinity.microsOfWord((String) value);
    return infinity == null ? TimestampData.fromInstant(OffsetDateTime.parse((String) value).toInstant())
        : fromEpoch(infinity, 1000L);
  }

  private static long millisOfDay(Object value) {
    return value instanceof java.util.Date date
        ? Math.floorMod(date.getTime(), 86_400_000L) : ((Number) value).intValue();
  }

  private static long epochMillis(Object value) {
    return value instanceof java.util.Date date ? date.getTime() : ((Number) value).longValue();
  }

  private static TimestampData fromEpoch(long amount, long perMilli) {
    long millis = Math.floorDiv(amount, perMilli);
    int nanosOfMilli = (int) (Math.floorMod(amount, perMilli) * (1_000_000L / perMilli));
    return TimestampData.fromEpochMillis(millis, nanosOfMilli);
  }

  private static byte[] bytes(Object value) {
    if (value instanceof ByteBuffer buffer) {
      byte[] copy = new byte[buffer.remaining()];
      buffer.duplicate().get(copy);
      return copy;
    }
    return (byte[]) value;
  }
}
