package dev.cdcwizard.engine.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import java.math.BigDecimal;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.table.data.DecimalData;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PGmoney;

class MoneyConverterTest {

  /** Every cent below 2^45 comes back from the double Debezium reads, as Debezium's decimals gave it. */
  @Test
  void amountsBelowTwoToTheFortyFifthArriveToTheCent() throws Exception {
    assertThat(MoneyConverter.convert("m", true, 1234.5)).isEqualTo("1234.50");
    assertThat(MoneyConverter.convert("m", true, new PGmoney("($12.34)"))).isEqualTo("-12.34");
    for (long cents = 3_518_437_208_883_100L; cents >= 3_518_437_208_873_100L; cents -= 7) {
      BigDecimal amount = BigDecimal.valueOf(cents, 2);
      assertThat(MoneyConverter.convert("m", true, amount.doubleValue())).isEqualTo(amount.toPlainString());
    }
  }

  /**
   * Measured before: 92233720368547758.07, the largest money, arrived as 92233720368547760.00, quietly. The
   * converter hands a stand-in on, which stops the job where the value becomes a target's: an exception of a
   * converter Debezium logs and replaces with NULL.
   */
  @Test
  void anAmountADoubleCannotHoldToTheCentStopsTheJobNamingTheColumn() {
    String beyond = MoneyConverter.convert("price", true, 92233720368547758.07);

    assertThatThrownBy(() -> ConnectFieldConverter.forSchema("price", moneySchema()).convert().apply(beyond))
        .isInstanceOf(SuppressRestartsException.class)
        .cause().isInstanceOfSatisfying(PipelineStopException.class, stop -> {
          assertThat(stop.engineMessage()).isEqualTo(EngineMessage.FAILURE_MONEY_BEYOND_EXACT);
          assertThat(stop.arguments()).containsExactly("price", "92233720368547760");
        });
    assertThatThrownBy(() -> NotCarriedValue.checked(MoneyConverter.convert("price", true, -0x1p45)))
        .isInstanceOf(SuppressRestartsException.class);
    assertThat(ConnectFieldConverter.forSchema("price", moneySchema()).convert().apply("12.30"))
        .isEqualTo(DecimalData.fromBigDecimal(new BigDecimal("12.30"), 38, 2));
  }

  @Test
  void aMissingValueOfANotNullColumnIsDebeziumsZero() {
    assertThat(MoneyConverter.convert("m", false, null)).isEqualTo("0.00");
    assertThat(MoneyConverter.convert("m", true, null)).isNull();
  }

  private static Schema moneySchema() {
    return SchemaBuilder.string().name(NumericTextConverter.SCHEMA_NAME)
        .parameter(NumericTextConverter.PRECISION_PARAMETER, "38").parameter(NumericTextConverter.SCALE_PARAMETER, "2")
        .optional().build();
  }
}
