package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.postgres.SpecialNumericValueException;
import io.debezium.data.SpecialValueDecimal;
import io.debezium.data.VariableScaleDecimal;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Types;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.junit.jupiter.api.Test;

class NumericTextConverterTest {

  @Test
  void specialValuesAreWrittenAsPostgresqlWritesThem() {
    assertThat(NumericTextConverter.text(SpecialValueDecimal.NOT_A_NUMBER, 2)).isEqualTo("NaN");
    assertThat(NumericTextConverter.text(SpecialValueDecimal.POSITIVE_INF, 0)).isEqualTo("Infinity");
    assertThat(NumericTextConverter.text(SpecialValueDecimal.NEGATIVE_INF, 0)).isEqualTo("-Infinity");
    assertThat(NumericTextConverter.text(Double.NaN, 2)).isEqualTo("NaN");
    assertThat(NumericTextConverter.text("-Infinity", 0)).isEqualTo("-Infinity");
  }

  /** PostgreSQL's digits, trailing zeros kept: a PostgreSQL target stores them as they are. */
  @Test
  void digitsArePostgresqlsWithTheColumnsScale() {
    assertThat(NumericTextConverter.text(new SpecialValueDecimal(new BigDecimal("1.5")), 3)).isEqualTo("1.500");
    assertThat(NumericTextConverter.text(new BigDecimal("1.2345"), 2)).isEqualTo("1.2345");
    assertThat(NumericTextConverter.text(new BigDecimal("1.500"), 0)).isEqualTo("1.500");
    assertThat(NumericTextConverter.text("2.50", 0)).isEqualTo("2.50");
  }

  /**
   * numeric(5,-2): Debezium reads the scale as 2046 from the type modifier, and pgjdbc's copy pads 12300 with that
   * many zeros; PostgreSQL writes 12300.
   */
  @Test
  void aNegativeScaleWritesNoFraction() {
    assertThat(NumericTextConverter.text(new BigDecimal("12300").setScale(2046), -2)).isEqualTo("12300");
    assertThat(NumericTextConverter.text("45600", -2)).isEqualTo("45600");
  }

  /** The digits Debezium's variable-scale decimals gave, which Iceberg tables written before hold. */
  @Test
  void icebergTextOfANumericWithoutPrecisionIsDebeziums() {
    Schema unconstrained = SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME).optional().build();

    assertThat(ConnectFieldConverter.forSchema("n", unconstrained).convert().apply("1.500"))
        .isEqualTo(StringData.fromString("1.5"));
    assertThat(ConnectFieldConverter.forSchema("n", unconstrained).convert().apply("1000"))
        .isEqualTo(StringData.fromString("1000"));
    assertThat(NumericTextConverter.debeziumVariableScale("2.50")).isEqualTo("2.5");
    assertThat(NumericTextConverter.debeziumVariableScale("NaN")).isEqualTo("NaN");
  }

  /** Measured before: a NaN element made the whole array NULL, from the stream and Flink CDC's snapshot. */
  @Test
  void numericArraysKeepNanAndInfinityAndPostgresqlsDigits() {
    assertThat(NumericTextConverter.elements("a", "{1.50,NaN,NULL,-Infinity}", 0))
        .containsExactly("1.50", "NaN", null, "-Infinity");
    assertThat(NumericTextConverter.elements("a", "{}", 2)).isEmpty();
    assertThat(NumericTextConverter.elements("a", Arrays.asList(new BigDecimal("1.5"), null), 2))
        .containsExactly("1.50", null);
  }

  /** A stand-in, not an exception, which Debezium logs and replaces with NULL: the target's conversion stops. */
  @Test
  void aNumericArrayOfTwoDimensionsStopsTheJobNamingTheColumn() {
    List<String> notCarried = NumericTextConverter.elements("a", "{{1,2},{3,4}}", 0);
    Schema array = SchemaBuilder.array(SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME).optional()
        .build()).optional().build();

    assertThatThrownBy(() -> ConnectFieldConverter.forSchema("a", array).convert().apply(notCarried))
        .isInstanceOf(SuppressRestartsException.class)
        .cause().isInstanceOfSatisfying(PipelineStopException.class, stop -> {
          assertThat(stop.engineMessage()).isEqualTo(EngineMessage.FAILURE_NUMERIC_ARRAY_DIMENSIONS);
          assertThat(stop.arguments()).containsExactly("a");
        });
  }

  @Test
  void numericArraysAreIcebergTextWithDebeziumsDigits() {

    Schema variable = SchemaBuilder.array(SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME).optional()
        .build()).optional().build();
    assertThat(ConnectFieldConverter.forSchema("a", variable).type()).isEqualTo(Types.StringType.get());
    assertThat(ConnectFieldConverter.forSchema("a", variable).convert().apply(Arrays.asList("1.50", "NaN", null)))
        .isEqualTo(StringData.fromString("{1.5,NaN,NULL}"));
  }

  /** Else Kafka Connect refuses the record of a delete whose old row lacks the column. */
  @Test
  void aMissingValueOfANotNullColumnIsDebeziumsZero() {
    assertThat(NumericTextConverter.converter(false, 2).convert(null)).isEqualTo("0.00");
    assertThat(NumericTextConverter.converter(true, 2).convert(null)).isNull();
  }

  @Test
  void aPlaceholderIsHandedOnForTheToastChecks() {
    assertThat(NumericTextConverter.text(UnchangedToastGuard.DEFAULT_PLACEHOLDER, 2))
        .isEqualTo(UnchangedToastGuard.DEFAULT_PLACEHOLDER);
  }

  @Test
  void aDeclaredPrecisionBecomesADecimalThatRefusesNanNamingTheColumn() {
    ConnectFieldConverter converter = ConnectFieldConverter.forSchema("price", numeric(10, 2));

    assertThat(converter.type()).isEqualTo(Types.DecimalType.of(10, 2));
    assertThat(converter.convert().apply("12.30")).isEqualTo(
        DecimalData.fromBigDecimal(new BigDecimal("12.30"), 10, 2));
    assertThatThrownBy(() -> converter.convert().apply("NaN"))
        .isInstanceOfSatisfying(SpecialNumericValueException.class,
            special -> assertThat(special.column()).isEqualTo("price"));
  }

  @Test
  void withoutPrecisionOrWiderThanADecimalItStaysTextWithNanAndInfinity() {
    Schema unconstrained = SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME).optional().build();

    assertThat(ConnectFieldConverter.forSchema("n", unconstrained).type()).isEqualTo(Types.StringType.get());
    assertThat(ConnectFieldConverter.forSchema("n", unconstrained).convert().apply("Infinity"))
        .isEqualTo(StringData.fromString("Infinity"));
    assertThat(ConnectFieldConverter.forSchema("n", numeric(40, 10)).convert().apply("NaN"))
        .isEqualTo(StringData.fromString("NaN"));
  }

  /** Measured before: Iceberg got {{scale=1,value=0f}} for {1.5}, from the stream and Flink CDC's snapshot. */
  @Test
  void numericArraysAreTheirDigits() {
    Schema variable = VariableScaleDecimal.builder().optional().build();
    Schema array = SchemaBuilder.array(variable).optional().build();
    Schema fixed = SchemaBuilder.array(Decimal.builder(2).optional().build()).optional().build();

    assertThat(ConnectFieldConverter.forSchema("a", array).convert().apply(Arrays.asList(
        VariableScaleDecimal.fromLogical(variable, new SpecialValueDecimal(new BigDecimal("1.5"))), null,
        VariableScaleDecimal.fromLogical(variable, new SpecialValueDecimal(new BigDecimal("-20"))))))
        .isEqualTo(StringData.fromString("{1.5,NULL,-20}"));
    assertThat(ConnectFieldConverter.forSchema("a", fixed).convert().apply(List.of(new BigDecimal("1E+3"))))
        .isEqualTo(StringData.fromString("{1000}"));
  }

  private static Schema numeric(int precision, int scale) {
    return SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME)
        .parameter(NumericTextConverter.PRECISION_PARAMETER, String.valueOf(precision))
        .parameter(NumericTextConverter.SCALE_PARAMETER, String.valueOf(scale)).optional().build();
  }
}
