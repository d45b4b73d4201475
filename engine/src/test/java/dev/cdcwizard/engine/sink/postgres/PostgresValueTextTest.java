package dev.cdcwizard.engine.sink.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.source.PostgresInfinity;
import io.debezium.connector.postgresql.PostgresValueConverter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.postgresql.PGStatement;
import org.junit.jupiter.api.Test;

class PostgresValueTextTest {
  private static Schema logical(String name, Schema.Type type) {
    return SchemaBuilder.type(type).name(name).optional().build();
  }

  @Test
  void timesKeepTheirMicroseconds() {
    assertThat(PostgresValueText.convert(logical("io.debezium.time.MicroTime", Schema.Type.INT64), 45_296_789_123L))
        .isEqualTo("12:34:56.789123");
    assertThat(PostgresValueText.convert(logical("io.debezium.time.MicroTime", Schema.Type.INT64), 86_400_000_000L))
        .isEqualTo("24:00:00");
    assertThat(PostgresValueText.convert(logical("io.debezium.time.MicroTimestamp", Schema.Type.INT64),
        1_709_210_096_789_123L)).isEqualTo("2024-02-29 12:34:56.789123");
  }

  @Test
  void datesBeforeYearOneAreBc() {
    long epochDay = LocalDate.of(-43, 3, 15).toEpochDay();
    assertThat(PostgresValueText.convert(logical("io.debezium.time.Date", Schema.Type.INT32), (int) epochDay))
        .isEqualTo("0044-03-15 BC");
  }

  /** Debezium's stand-ins (its overflowed days, pgjdbc's instants) become PostgreSQL's words again. */
  @Test
  void infinitiesAreWrittenAsTheWords() {
    Schema date = logical("io.debezium.time.Date", Schema.Type.INT32);
    Schema micros = logical("io.debezium.time.MicroTimestamp", Schema.Type.INT64);
    Schema millis = logical("io.debezium.time.Timestamp", Schema.Type.INT64);

    assertThat(PostgresValueText.convert(date,
        (int) PostgresValueConverter.POSITIVE_INFINITY_LOCAL_DATE.toEpochDay())).isEqualTo("infinity");
    assertThat(PostgresValueText.convert(date,
        (int) PostgresValueConverter.NEGATIVE_INFINITY_LOCAL_DATE.toEpochDay())).isEqualTo("-infinity");
    assertThat(PostgresValueText.convert(micros, PGStatement.DATE_POSITIVE_INFINITY)).isEqualTo("infinity");
    assertThat(PostgresValueText.convert(millis, PGStatement.DATE_NEGATIVE_INFINITY / 1000)).isEqualTo("-infinity");
    assertThat(PostgresValueText.convert(date, PostgresInfinity.POSITIVE_DAY)).as("a real date Iceberg reads as infinity")
        .isEqualTo("294247-01-10");
    assertThat(PostgresValueText.convert(micros, PGStatement.DATE_POSITIVE_INFINITY - 1))
        .isEqualTo("294247-01-10 04:00:25.199999");
  }

  @Test
  void numbersKeepEveryDigit() {
    Schema decimal = Decimal.builder(10).optional().build();
    assertThat(PostgresValueText.convert(decimal, new BigDecimal("12345.6789000000"))).isEqualTo("12345.6789000000");
    assertThat(PostgresValueText.convert(Schema.OPTIONAL_FLOAT32_SCHEMA, 0.1f)).isEqualTo("0.1");
  }

  @Test
  void arrayElementsAreQuotedAndNullsStayNull() {
    Schema array = SchemaBuilder.array(Schema.OPTIONAL_STRING_SCHEMA).optional().build();
    assertThat(PostgresValueText.convert(array, Arrays.asList("a,b", "say \"hi\"", "back\\slash", null, "")))
        .isEqualTo("{\"a,b\",\"say \\\"hi\\\"\",\"back\\\\slash\",NULL,\"\"}");
  }

  @Test
  void hstoreMapsBecomeHstoreText() {
    Schema map = SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.OPTIONAL_STRING_SCHEMA).optional().build();
    assertThat(PostgresValueText.convert(map, Map.of("k", "v"))).isEqualTo("\"k\"=>\"v\"");
  }

  @Test
  void bitOneIsToldFromABooleanByTheSourceType() {
    Schema bit = SchemaBuilder.bool().optional().parameter(PostgresValueText.SOURCE_TYPE_PARAMETER, "BIT").build();
    assertThat(PostgresValueText.convert(bit, true)).isEqualTo("1");
    assertThat(PostgresValueText.convert(Schema.OPTIONAL_BOOLEAN_SCHEMA, true)).isEqualTo("true");
  }

  @Test
  void byteaStaysBytes() {
    assertThat(PostgresValueText.convert(Schema.OPTIONAL_BYTES_SCHEMA, new byte[] {1, 2})).isEqualTo(new byte[] {1, 2});
  }

  @Test
  void toastPlaceholdersAreRecognisedInTextBytesAndArrays() {
    String placeholder = "__debezium_unavailable_value";
    assertThat(PostgresValueText.convert(Schema.OPTIONAL_STRING_SCHEMA, placeholder))
        .isEqualTo(Undelivered.UNCHANGED_TOAST);
    assertThat(PostgresValueText.convert(Schema.OPTIONAL_BYTES_SCHEMA, placeholder.getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(Undelivered.UNCHANGED_TOAST);
    assertThat(PostgresValueText.convert(SchemaBuilder.array(Schema.OPTIONAL_STRING_SCHEMA).build(), List.of(placeholder)))
        .isEqualTo(Undelivered.UNCHANGED_TOAST);
  }
}
