package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.source.NotCarriedValue;
import dev.cdcwizard.engine.source.NumericTextConverter;
import dev.cdcwizard.engine.source.PostgresInfinity;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.SignStyle;
import java.time.temporal.ChronoField;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;

/**
 * Turns a Debezium (Kafka Connect) value into what the PostgreSQL sink binds: the value's PostgreSQL
 * text form, which the target parses with the column's own input function (the parameter is sent
 * untyped), bytes for bytea, or {@link Undelivered#UNCHANGED_TOAST} for a value PostgreSQL did not send. Nothing is
 * rounded on the way: numbers keep every digit, times their microseconds, arrays their elements.
 */
final class PostgresValueText {
  /** Debezium's stand-in for an unchanged TOASTed value (unavailable.value.placeholder's default). */
  static final String TOAST_PLACEHOLDER = "__debezium_unavailable_value";
  private static final byte[] TOAST_PLACEHOLDER_BYTES = TOAST_PLACEHOLDER.getBytes(StandardCharsets.UTF_8);
  /** Set by Debezium's column.propagate.source.type: the column's PostgreSQL type name. */
  static final String SOURCE_TYPE_PARAMETER = "__debezium.source.column.type";
  private static final long MICROS_PER_DAY = 86_400_000_000L;
  /** Years past 9999 without the plus sign ISO puts there, which PostgreSQL reads as a time zone. */
  private static final DateTimeFormatter DATE = withYear("-MM-dd");
  private static final DateTimeFormatter TIMESTAMP = withYear("-MM-dd HH:mm:ss.SSSSSS");

  private PostgresValueText() {}

  private static DateTimeFormatter withYear(String rest) {
    return new DateTimeFormatterBuilder().appendValue(ChronoField.YEAR, 4, 10, SignStyle.NOT_NEGATIVE)
        .appendPattern(rest).toFormatter();
  }

  /** @return a String, a byte[], {@link Undelivered#UNCHANGED_TOAST}, or null */
  static Object convert(Schema schema, Object value) {
    if (value == null) {
      return null;
    }
    if (isToastPlaceholder(value)) {
      return Undelivered.UNCHANGED_TOAST;
    }
    return switch (schema.type()) {
      case BYTES -> schema.name() == null ? bytes(value) : text(schema, value);
      default -> text(schema, value);
    };
  }

  private static boolean isToastPlaceholder(Object value) {
    if (value instanceof String text) {
      return text.equals(TOAST_PLACEHOLDER);
    }
    if (value instanceof byte[] || value instanceof ByteBuffer) {
      return Arrays.equals(bytes(value), TOAST_PLACEHOLDER_BYTES);
    }
    return value instanceof List<?> list && list.size() == 1 && TOAST_PLACEHOLDER.equals(list.get(0));
  }

  private static String text(Schema schema, Object value) {
    String logical = schema.name() == null ? "" : schema.name();
    return switch (logical) {
      case "org.apache.kafka.connect.data.Decimal" -> ((BigDecimal) value).toPlainString();
      case NumericTextConverter.SCHEMA_NAME -> NotCarriedValue.checked((String) value);
      case "io.debezium.data.VariableScaleDecimal" -> variableScale((Struct) value).toPlainString();
      case "io.debezium.time.Date" -> date(((Number) value).intValue());
      case "org.apache.kafka.connect.data.Date" ->
          date((int) Math.floorDiv(((java.util.Date) value).getTime(), 86_400_000L));
      case "io.debezium.time.Time" -> time(((Number) value).longValue() * 1000L);
      case "org.apache.kafka.connect.data.Time" ->
          time(Math.floorMod(((java.util.Date) value).getTime(), 86_400_000L) * 1000L);
      case "io.debezium.time.MicroTime" -> time(((Number) value).longValue());
      case "io.debezium.time.NanoTime" -> time(Math.floorDiv(((Number) value).longValue(), 1000L));
      case "io.debezium.time.Timestamp" -> timestamp(((Number) value).longValue() * 1000L);
      case "org.apache.kafka.connect.data.Timestamp" -> timestamp(((java.util.Date) value).getTime() * 1000L);
      case "io.debezium.time.MicroTimestamp" -> timestamp(((Number) value).longValue());
      case "io.debezium.time.NanoTimestamp" -> timestamp(Math.floorDiv(((Number) value).longValue(), 1000L));
      case "io.debezium.time.MicroDuration" -> ((Number) value).longValue() + " microseconds";
      case "io.debezium.data.Bits" -> bits(bytes(value), schema.parameters());
      case "io.debezium.data.geometry.Point" -> "(" + ((Struct) value).get("x") + "," + ((Struct) value).get("y") + ")";
      default -> plain(schema, value);
    };
  }

  private static String plain(Schema schema, Object value) {
    return switch (schema.type()) {
      case BOOLEAN -> isBit(schema) ? ((Boolean) value ? "1" : "0") : String.valueOf(value);
      case ARRAY -> array(schema.valueSchema(), (List<?>) value);
      case MAP -> hstore((Map<?, ?>) value);
      case BYTES -> "\\x" + HexFormat.of().formatHex(bytes(value));
      default -> String.valueOf(value);
    };
  }

  /** bit(1) arrives as a boolean; the source type Debezium propagates tells it from a boolean column. */
  private static boolean isBit(Schema schema) {
    String type = schema.parameters() == null ? null : schema.parameters().get(SOURCE_TYPE_PARAMETER);
    return type != null && (type.equalsIgnoreCase("bit") || type.equalsIgnoreCase("varbit"));
  }

  /** An array literal: every element quoted, so commas, braces and spaces in text survive. */
  private static String array(Schema elementSchema, List<?> elements) {
    StringBuilder literal = new StringBuilder("{");
    for (int i = 0; i < elements.size(); i++) {
      Object element = elements.get(i);
      literal.append(i == 0 ? "" : ",");
      if (element == null) {
        literal.append("NULL");
      } else if (element instanceof List<?> nested) {
        literal.append(array(elementSchema.valueSchema(), nested));
      } else {
        literal.append(quoted(text(elementSchema, element)));
      }
    }
    return literal.append('}').toString();
  }

  private static String hstore(Map<?, ?> map) {
    StringBuilder literal = new StringBuilder();
    map.forEach((key, value) -> literal.append(literal.length() == 0 ? "" : ",")
        .append(quoted(String.valueOf(key))).append("=>")
        .append(value == null ? "NULL" : quoted(String.valueOf(value))));
    return literal.toString();
  }

  private static String quoted(String text) {
    return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  /** @param days Debezium's, whose infinities are not real days */
  private static String date(int days) {
    String infinity = PostgresInfinity.dayWord(days);
    return infinity != null ? infinity : date(LocalDate.ofEpochDay(days));
  }

  /** Years before 1 are written as PostgreSQL writes them: year 0 is 1 BC. */
  private static String date(LocalDate date) {
    return date.getYear() > 0 ? date.format(DATE)
        : date.withYear(1 - date.getYear()).format(DATE) + " BC";
  }

  /** 24:00:00 is a valid PostgreSQL time; LocalTime cannot hold it. */
  private static String time(long micros) {
    return micros == MICROS_PER_DAY ? "24:00:00" : LocalTime.ofNanoOfDay(micros * 1000L).toString();
  }

  private static String timestamp(long epochMicros) {
    String infinity = PostgresInfinity.microsWord(epochMicros);
    if (infinity != null) {
      return infinity;
    }
    LocalDateTime time = LocalDateTime.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000L),
        (int) Math.floorMod(epochMicros, 1_000_000L) * 1000, ZoneOffset.UTC);
    return time.getYear() > 0 ? time.format(TIMESTAMP)
        : time.withYear(1 - time.getYear()).format(TIMESTAMP) + " BC";
  }

  /** Debezium's Bits are a little-endian bit set; PostgreSQL writes bit 0 first. */
  private static String bits(byte[] bytes, Map<String, String> parameters) {
    int length = parameters == null || parameters.get("length") == null
        ? bytes.length * 8 : Integer.parseInt(parameters.get("length"));
    java.util.BitSet set = java.util.BitSet.valueOf(bytes);
    StringBuilder text = new StringBuilder(length);
    for (int i = length - 1; i >= 0; i--) {
      text.append(set.get(i) ? '1' : '0');
    }
    return text.toString();
  }

  private static BigDecimal variableScale(Struct struct) {
    return new BigDecimal(new BigInteger(bytes(struct.get("value"))), struct.getInt32("scale"));
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
