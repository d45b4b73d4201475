package dev.cdcwizard.engine.snapshot;

import static dev.cdcwizard.engine.snapshot.Columns.decode;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.source.ConnectFieldConverter;
import dev.cdcwizard.engine.postgres.ExactMoney;
import dev.cdcwizard.engine.source.NumericTextConverter;
import java.math.BigDecimal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NumberDecodersTest {
  @Test
  void integersAsConnectFieldConverterTypesThem() {
    assertThat(decode(decoder(Columns.of("int2"), Types.IntegerType.get()), PgBinary.int16(-32768))).isEqualTo(-32768);
    assertThat(decode(decoder(Columns.of("int4"), Types.IntegerType.get()), PgBinary.int32(Integer.MIN_VALUE)))
        .isEqualTo(Integer.MIN_VALUE);
    assertThat(decode(decoder(Columns.of("int8"), Types.LongType.get()), PgBinary.int64(Long.MAX_VALUE)))
        .isEqualTo(Long.MAX_VALUE);
    assertThat(decode(decoder(Columns.of("bool"), Types.BooleanType.get()), new byte[] {1})).isEqualTo(true);
  }

  @Test
  void floatsKeepTheirBitsAndMakeNanCanonical() {
    ColumnDecoder real = decoder(Columns.of("float4"), Types.FloatType.get());
    ColumnDecoder doublePrecision = decoder(Columns.of("float8"), Types.DoubleType.get());

    assertThat(decode(real, PgBinary.int32(Float.floatToRawIntBits(-0.0f)))).isEqualTo(-0.0f);
    assertThat(decode(real, PgBinary.int32(0x7FC00001))).isEqualTo(Float.valueOf("NaN"));
    assertThat(Float.floatToRawIntBits((Float) decode(real, PgBinary.int32(0x7FC00001)))).isEqualTo(0x7FC00000);
    assertThat(decode(doublePrecision, PgBinary.int64(Double.doubleToRawLongBits(Double.MIN_VALUE))))
        .isEqualTo(Double.MIN_VALUE);
  }

  @Test
  void refusesFloatsBeforePostgres12WhoseTextWasRounded() {
    PgColumn old = new PgColumn("c", "real", "float4", 'N', -1, null, false, false, 110_000);

    assertThat(ColumnDecoders.forColumn(old, Types.FloatType.get())).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(strings = {"12345.678", "-999999999.999", "0.000", "0.001", "-0.010", "100000000.000"})
  void compactDecimalsEqualWhatConnectFieldConverterMakesOfDebeziumsValue(String value) {
    assertDecimal(12, 3, new BigDecimal(value));
  }

  @ParameterizedTest
  @ValueSource(strings = {"9999999999999999999999999999.9999999999", "-0.0000000001", "12.5000000000"})
  void wideDecimalsToo(String value) {
    assertDecimal(38, 10, new BigDecimal(value));
  }

  @Test
  void decimalsOfPrecision18AtTheLimitOfALong() {
    assertDecimal(18, 17, new BigDecimal("9.99999999999999999"));
    assertDecimal(18, 0, new BigDecimal("-999999999999999999"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"1.500:1.5", "100:100", "-0.000100:-0.0001", "0.000:0",
      "3.14159265358979323846:3.14159265358979323846"})
  void unboundedNumericIsTextWithoutTrailingZerosAsDebeziumsVariableScaleDecimal(String valueAndText) {
    String[] parts = valueAndText.split(":");
    ColumnDecoder decoder = decoder(Columns.of("numeric"), Types.StringType.get());

    assertThat(decode(decoder, PgBinary.numeric(new BigDecimal(parts[0])))).isEqualTo(StringData.fromString(parts[1]));
  }

  @Test
  void numericWiderThanIcebergDecimalsIsTextAtItsScale() {
    ColumnDecoder decoder = decoder(Columns.numeric(40, 5), Types.StringType.get());

    assertThat(decode(decoder, PgBinary.numeric(new BigDecimal("-12345678901234567890123456789012345.12000"))))
        .isEqualTo(StringData.fromString("-12345678901234567890123456789012345.12000"));
  }

  @ParameterizedTest
  @ValueSource(ints = {0xC000, 0xD000, 0xF000})
  void numericNanAndInfinityFailForADecimalColumnAsInTheStream(int sign) {
    ColumnDecoder decoder = decoder(Columns.numeric(12, 3), Types.DecimalType.of(12, 3));

    assertThatThrownBy(() -> decode(decoder, PgBinary.numericSpecial(sign)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NaN");
  }

  /** What a decimal cannot hold, a text column keeps as PostgreSQL writes it, as NumericTextConverter does. */
  @ParameterizedTest
  @ValueSource(strings = {"49152:NaN", "53248:Infinity", "61440:-Infinity"})
  void numericNanAndInfinityAreKeptWhereTheTargetIsText(String signAndText) {
    String[] parts = signAndText.split(":");
    byte[] special = PgBinary.numericSpecial(Integer.parseInt(parts[0]));

    assertThat(decode(decoder(Columns.of("numeric"), Types.StringType.get()), special))
        .isEqualTo(StringData.fromString(parts[1]));
    assertThat(decode(decoder(Columns.numeric(40, 5), Types.StringType.get()), special))
        .isEqualTo(StringData.fromString(parts[1]));
  }

  /** numeric(5,-2) holds 12300, which PostgreSQL writes without a fraction: text, as the stream gives it. */
  @Test
  void aNegativeScaleIsTextWithoutAFraction() {
    ColumnDecoder decoder = decoder(Columns.numeric(5, -2), Types.StringType.get());
    assertThat(decode(decoder, PgBinary.numeric(new BigDecimal("12300")))).isEqualTo(StringData.fromString("12300"));
    assertThat(decode(decoder, PgBinary.numeric(new BigDecimal("-99900")))).isEqualTo(StringData.fromString("-99900"));
  }

  @Test
  void refusesAnotherIcebergType() {
    assertThat(ColumnDecoders.forColumn(Columns.numeric(5, -2), Types.DecimalType.of(5, 0))).isEmpty();
    assertThat(ColumnDecoders.forColumn(Columns.numeric(12, 3), Types.DecimalType.of(12, 2))).isEmpty();
    assertThat(ColumnDecoders.forColumn(Columns.of("int4"), Types.LongType.get())).isEmpty();
  }

  @Test
  void moneyGoesThroughPgmoneysDoubleAsInDebeziumsStreamingPathAndStopsWhereItIsNotExact() {
    ColumnDecoder decoder = decoder(Columns.of("money"), Types.DecimalType.of(38, 2));

    assertThat(decoder.selectExpression("\"m\"")).isEqualTo("pg_catalog.textin(pg_catalog.cash_out(\"m\"))");
    assertThat(decode(decoder, PgBinary.text("$1,234.56"))).isEqualTo(DecimalData.fromBigDecimal(
        new BigDecimal("1234.56"), 38, 2));
    assertThat(decode(decoder, PgBinary.text("-$35,184,372,088,831.99")).toString())
        .isEqualTo("-35184372088831.99");
    // measured before: -92233720368547760.00, quietly
    assertThatThrownBy(() -> decode(decoder, PgBinary.text("-$92,233,720,368,547,758.08")))
        .isInstanceOf(ExactMoney.BeyondExactException.class);
  }

  private static void assertDecimal(int precision, int scale, BigDecimal value) {
    Schema schema = SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME)
        .parameter(NumericTextConverter.PRECISION_PARAMETER, String.valueOf(precision))
        .parameter(NumericTextConverter.SCALE_PARAMETER, String.valueOf(scale)).build();
    DecimalData expected = (DecimalData) ConnectFieldConverter.forSchema("c", schema).convert()
        .apply(NumericTextConverter.text(value, scale));

    DecimalData actual = (DecimalData) decode(decoder(Columns.numeric(precision, scale),
        Types.DecimalType.of(precision, scale)), PgBinary.numeric(value));

    assertThat(actual.precision()).isEqualTo(expected.precision());
    assertThat(actual.scale()).isEqualTo(expected.scale());
    assertThat(actual.toBigDecimal()).isEqualTo(expected.toBigDecimal());
  }

  private static ColumnDecoder decoder(PgColumn column, Type type) {
    return ColumnDecoders.forColumn(column, type).orElseThrow();
  }
}
