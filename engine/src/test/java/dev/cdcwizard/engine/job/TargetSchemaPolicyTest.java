package dev.cdcwizard.engine.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import java.util.List;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TargetSchemaPolicyTest {
  private static final RecordShape WITH_QUANTITY = new RecordShape(List.of(
      new RecordShape.Column("id", Types.LongType.get(), false),
      new RecordShape.Column("amount", Types.DecimalType.of(10, 2), false),
      new RecordShape.Column("quantity", Types.IntegerType.get(), true)), List.of("id"));
  private static final Schema TABLE = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.required(2, "amount", Types.DecimalType.of(10, 2)));

  @ParameterizedTest
  @EnumSource(value = SchemaChangeBehavior.class, names = {"EVOLVE", "TRY_EVOLVE", "LENIENT"})
  void addedColumnsPassWhenTheBehaviorEvolves(SchemaChangeBehavior behavior) {
    TargetSchemaPolicy policy = new TargetSchemaPolicy(behavior, true);
    assertThat(policy.columnsToWrite("public.orders", "ods.orders", WITH_QUANTITY, () -> TABLE)).isNull();
  }

  @Test
  void ignoreKeepsTheTableColumns() {
    TargetSchemaPolicy policy = new TargetSchemaPolicy(SchemaChangeBehavior.IGNORE, true);
    assertThat(policy.columnsToWrite("public.orders", "ods.orders", WITH_QUANTITY, () -> TABLE))
        .containsExactly(0, 1);
  }

  @Test
  void exceptionNamesTheRefusedChange() {
    TargetSchemaPolicy policy = new TargetSchemaPolicy(SchemaChangeBehavior.EXCEPTION, true);
    assertThatThrownBy(() -> policy.columnsToWrite("public.orders", "ods.orders", WITH_QUANTITY, () -> TABLE))
        .isInstanceOf(SuppressRestartsException.class)
        .cause()
        .hasMessageContaining("public.orders -> ods.orders")
        .hasMessageContaining("quantity int");
  }

  @Test
  void exceptionRefusesAChangedType() {
    TargetSchemaPolicy policy = new TargetSchemaPolicy(SchemaChangeBehavior.EXCEPTION, true);
    RecordShape widened = new RecordShape(List.of(
        new RecordShape.Column("id", Types.LongType.get(), false),
        new RecordShape.Column("amount", Types.DecimalType.of(12, 2), false)), List.of("id"));
    assertThatThrownBy(() -> policy.columnsToWrite("public.orders", "ods.orders", widened, () -> TABLE))
        .cause()
        .hasMessageContaining("amount decimal(10, 2) -> decimal(12, 2)");
  }

  @Test
  void withSchemaChangesDisabledTheFirstSchemaStays() {
    TargetSchemaPolicy policy = new TargetSchemaPolicy(SchemaChangeBehavior.EVOLVE, false);
    assertThat(policy.columnsToWrite("public.orders", "ods.orders", WITH_QUANTITY, () -> TABLE))
        .containsExactly(0, 1);
  }

  @Test
  void aRecordWithTheTableColumnsIsWrittenWhole() {
    TargetSchemaPolicy policy = new TargetSchemaPolicy(SchemaChangeBehavior.EXCEPTION, true);
    RecordShape same = new RecordShape(WITH_QUANTITY.columns().subList(0, 2), List.of("id"));
    assertThat(policy.columnsToWrite("public.orders", "ods.orders", same, () -> TABLE)).isNull();
  }
}
