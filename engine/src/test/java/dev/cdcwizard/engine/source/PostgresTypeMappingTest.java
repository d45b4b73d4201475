package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.postgres.catalog.NumericModifier;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.flink.table.data.StringData;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.junit.jupiter.api.Test;

/** The one type mapping, from the catalog and from Debezium's change events alike. */
class PostgresTypeMappingTest {

  /** PostgreSQL 15 keeps numeric's scale as an 11-bit signed number: numeric(5,-2) was read as decimal(5, 2046). */
  @Test
  void aNumericIsADecimalOnlyWhereIcebergsDecimalHoldsItsScale() {
    assertThat(PostgresTypeMapping.icebergType("numeric", new NumericModifier(10, 2).typmod()))
        .isEqualTo(Types.DecimalType.of(10, 2));
    assertThat(PostgresTypeMapping.icebergType("numeric", new NumericModifier(3, 3).typmod()))
        .isEqualTo(Types.DecimalType.of(3, 3));
    assertThat(PostgresTypeMapping.icebergType("numeric", ((5 << 16) | 0x7fe) + 4)).isEqualTo(Types.StringType.get());
    assertThat(PostgresTypeMapping.icebergType("numeric", new NumericModifier(3, 5).typmod()))
        .isEqualTo(Types.StringType.get());
    assertThat(PostgresTypeMapping.icebergType("numeric", new NumericModifier(39, 0).typmod()))
        .isEqualTo(Types.StringType.get());
    assertThat(PostgresTypeMapping.icebergType("numeric", -1)).isEqualTo(Types.StringType.get());
  }

  /** Debezium's schema of the same column types it as the catalog does. */
  @Test
  void aChangeEventsNumericIsTypedAsTheCatalogsColumn() {
    Map<List<Integer>, Type> expected = Map.of(List.of(10, 2), Types.DecimalType.of(10, 2),
        List.of(5, -2), Types.StringType.get(), List.of(3, 5), Types.StringType.get(),
        List.of(40, 5), Types.StringType.get());
    expected.forEach((declared, type) -> {
      Schema text = SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME)
          .parameter(NumericTextConverter.PRECISION_PARAMETER, String.valueOf(declared.get(0)))
          .parameter(NumericTextConverter.SCALE_PARAMETER, String.valueOf(declared.get(1))).build();
      assertThat(ConnectFieldConverter.forSchema("n", text).type()).as("numeric%s", declared).isEqualTo(type)
          .isEqualTo(PostgresTypeMapping.icebergType("numeric",
              new NumericModifier(declared.get(0), declared.get(1)).typmod()));
    });
    Schema negative = Decimal.builder(-2).parameter("connect.decimal.precision", "5").build();
    ConnectFieldConverter converter = ConnectFieldConverter.forSchema("n", negative);
    assertThat(converter.type()).isEqualTo(Types.StringType.get());
    assertThat(converter.convert().apply(new BigDecimal("12300"))).isEqualTo(StringData.fromString("12300"));
  }
}
