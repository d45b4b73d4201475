package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.config.PipelineOptions.SchemaChangeBehavior;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import java.math.BigDecimal;
import java.util.List;
import java.util.Set;
import org.apache.flink.runtime.execution.SuppressRestartsException;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class TargetSchemaPolicyTest {
  private static final Schema TABLE = new Schema(List.of(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.required(2, "amount", Types.DecimalType.of(10, 2)),
      Types.NestedField.required(3, "status", Types.StringType.get())), Set.of(1));

  @ParameterizedTest
  @EnumSource(value = SchemaChangeBehavior.class, names = {"EVOLVE", "TRY_EVOLVE", "LENIENT"})
  void anAddedColumnIsAppendedAsOptionalWhenTheBehaviorEvolves(SchemaChangeBehavior behavior) {
    TableRowLayout layout = layout(behavior, shape(column("id", Types.LongType.get()),
        column("amount", Types.DecimalType.of(10, 2)), column("status", Types.StringType.get()),
        column("quantity", Types.IntegerType.get())));
    assertThat(layout.schema().asStruct()).isEqualTo(new Schema(
        TABLE.columns().get(0), TABLE.columns().get(1), TABLE.columns().get(2),
        Types.NestedField.optional(4, "quantity", Types.IntegerType.get())).asStruct());
    assertThat(layout.schema().identifierFieldIds()).containsExactly(1);
  }

  @Test
  void ignoreLeavesAnAddedColumnOut() {
    TableRowLayout layout = layout(SchemaChangeBehavior.IGNORE, shape(column("id", Types.LongType.get()),
        column("amount", Types.DecimalType.of(10, 2)), column("status", Types.StringType.get()),
        column("quantity", Types.IntegerType.get())));
    assertThat(layout.schema().asStruct()).isEqualTo(TABLE.asStruct());
    GenericRowData row = layout.row(record(RowKind.INSERT, 7L, decimal("1.50"), text("NEW"), 3));
    assertThat(row.getArity()).isEqualTo(3);
    assertThat(row.getString(2)).hasToString("NEW");
  }

  @Test
  void aRecordInAnotherColumnOrderIsWrittenInTheTableOrderWhenSeveralSourcesShareTheTable() {
    RecordShape reordered = shape(column("id", Types.LongType.get()), column("status", Types.StringType.get()),
        column("amount", Types.DecimalType.of(10, 2)));
    TableRowLayout layout = new TargetSchemaPolicy(SchemaChangeBehavior.EVOLVE, true)
        .layout("public.orders", "ods.orders", reordered, TABLE, Set.of(), false, TargetSchemaPolicy.AddedColumnCheck.NONE);
    GenericRowData row = layout.row(record(RowKind.DELETE, 7L, text("NEW"), decimal("1.50")));
    assertThat(layout.schema().asStruct()).isEqualTo(TABLE.asStruct());
    assertThat(row.getRowKind()).isEqualTo(RowKind.DELETE);
    assertThat(row.getDecimal(1, 10, 2).toBigDecimal()).isEqualByComparingTo("1.50");
    assertThat(row.getString(2)).hasToString("NEW");
  }

  @Test
  void aRecordKeyedOtherwiseThanTheTableStopsTheJobAlsoWhenSourcesShareTheTable() {
    RecordShape keyedByStatus = new RecordShape(List.of(column("id", Types.LongType.get()),
        column("amount", Types.DecimalType.of(10, 2)), column("status", Types.StringType.get())), List.of("status"));

    for (boolean singleSource : List.of(true, false)) {
      assertThatThrownBy(() -> new TargetSchemaPolicy(SchemaChangeBehavior.EVOLVE, true).layout("public.orders",
          "ods.orders", keyedByStatus, TABLE, Set.of(), singleSource, TargetSchemaPolicy.AddedColumnCheck.NONE))
          .isInstanceOf(SuppressRestartsException.class)
          .cause()
          .hasMessageContaining("The primary key of public.orders is now (status)")
          .hasMessageContaining("ods.orders is keyed by (id)");
    }
  }

  @Test
  void aColumnDroppedAndAddedAgainFailsTheJobInsteadOfKeepingItsOldValues() {
    assertThatThrownBy(() -> layout(SchemaChangeBehavior.EVOLVE, shape(column("id", Types.LongType.get()),
        column("status", Types.StringType.get()), column("amount", Types.DecimalType.of(10, 2)))))
        .isInstanceOf(SuppressRestartsException.class)
        .cause()
        .hasMessageContaining("amount was dropped and added again")
        .hasMessageContaining("Drop the Iceberg table ods.orders");
  }

  @Test
  void aDroppedColumnStaysInTheTableAsOptionalAndDeletesStayDeletes() {
    TableRowLayout layout = layout(SchemaChangeBehavior.LENIENT, shape(column("id", Types.LongType.get()),
        column("amount", Types.DecimalType.of(10, 2))));
    assertThat(layout.schema().findField("status").isOptional()).isTrue();
    assertThat(layout.schema().findField("status").fieldId()).isEqualTo(3);
    GenericRowData row = layout.row(record(RowKind.DELETE, 7L, decimal("1.50")));
    assertThat(row.getRowKind()).isEqualTo(RowKind.DELETE);
    assertThat(row.isNullAt(2)).isTrue();
  }

  @Test
  void ignoreRefusesADroppedRequiredColumnInsteadOfWritingNull() {
    assertThatThrownBy(() -> layout(SchemaChangeBehavior.IGNORE, shape(column("id", Types.LongType.get()),
        column("amount", Types.DecimalType.of(10, 2)))))
        .isInstanceOf(SuppressRestartsException.class)
        .cause()
        .hasMessageContaining("status is required in the Iceberg table");
  }

  @Test
  void aNarrowerRecordTypeIsWidenedToTheTableType() {
    Schema table = new Schema(List.of(Types.NestedField.required(1, "id", Types.LongType.get()),
        Types.NestedField.optional(2, "quantity", Types.LongType.get())), Set.of(1));
    TableRowLayout layout = new TargetSchemaPolicy(SchemaChangeBehavior.EVOLVE, true).layout("public.t", "ods.t",
        shape(column("id", Types.LongType.get()), column("quantity", Types.IntegerType.get())), table, Set.of(),
        true, TargetSchemaPolicy.AddedColumnCheck.NONE);
    GenericRowData row = layout.row(record(RowKind.UPDATE_AFTER, 1L, 5));
    assertThat(layout.schema().asStruct()).isEqualTo(table.asStruct());
    assertThat(row.getField(1)).isEqualTo(5L);
    assertThat(row.getRowKind()).isEqualTo(RowKind.UPDATE_AFTER);
  }

  @ParameterizedTest
  @EnumSource(value = SchemaChangeBehavior.class, names = {"EVOLVE", "TRY_EVOLVE", "LENIENT", "IGNORE"})
  void aTypeIcebergCouldWidenStopsTheJobBecauseAUsingMayHaveChangedTheRows(SchemaChangeBehavior behavior) {
    assertThatThrownBy(() -> layout(behavior, shape(column("id", Types.LongType.get()),
        column("amount", Types.DecimalType.of(12, 2)), column("status", Types.StringType.get()))))
        .isInstanceOf(SuppressRestartsException.class)
        .cause()
        .hasMessageContaining("amount changed from decimal(10, 2) to decimal(12, 2)")
        .hasMessageContaining("USING")
        .hasMessageContaining("cdc-wizard widen-column PIPELINE.yaml --table ods.orders --column amount");
  }

  @Test
  void aTypeIcebergCannotChangeIntoFailsTheJob() {
    assertThatThrownBy(() -> layout(SchemaChangeBehavior.EVOLVE, shape(column("id", Types.LongType.get()),
        column("amount", Types.StringType.get()), column("status", Types.StringType.get()))))
        .isInstanceOf(SuppressRestartsException.class)
        .cause()
        .hasMessageContaining("amount changed from decimal(10, 2) to string");
  }

  @ParameterizedTest
  @EnumSource(value = SchemaChangeBehavior.class, names = {"EVOLVE", "IGNORE", "LENIENT"})
  void aColumnNarrowedFromDoubleToRealStopsTheJobBecausePostgresRoundedTheRowsItHolds(
      SchemaChangeBehavior behavior) {
    Schema table = new Schema(List.of(Types.NestedField.required(1, "id", Types.LongType.get()),
        Types.NestedField.optional(2, "weight", Types.DoubleType.get())), Set.of(1));
    assertThatThrownBy(() -> new TargetSchemaPolicy(behavior, true).layout("public.t", "ods.t",
        shape(column("id", Types.LongType.get()), column("weight", Types.FloatType.get())), table, Set.of(), true,
        TargetSchemaPolicy.AddedColumnCheck.NONE))
        .isInstanceOf(SuppressRestartsException.class)
        .cause()
        .hasMessageContaining("weight changed from double to float")
        .hasMessageContaining("rounded");
  }

  @Test
  void exceptionNamesEveryRefusedChange() {
    assertThatThrownBy(() -> layout(SchemaChangeBehavior.EXCEPTION, shape(column("id", Types.LongType.get()),
        column("amount", Types.DecimalType.of(12, 2)), column("quantity", Types.IntegerType.get()))))
        .isInstanceOf(SuppressRestartsException.class)
        .cause()
        .hasMessageContaining("public.orders -> ods.orders")
        .hasMessageContaining("added column(s) quantity int")
        .hasMessageContaining("dropped column(s) status")
        .hasMessageContaining("amount decimal(10, 2) -> decimal(12, 2)");
  }

  @Test
  void withSchemaChangesDisabledTheTableSchemaStays() {
    TableRowLayout layout = new TargetSchemaPolicy(SchemaChangeBehavior.EVOLVE, false).layout("public.orders",
        "ods.orders", shape(column("id", Types.LongType.get()), column("amount", Types.DecimalType.of(10, 2)),
            column("status", Types.StringType.get()), column("quantity", Types.IntegerType.get())), TABLE, Set.of(),
        true, TargetSchemaPolicy.AddedColumnCheck.NONE);
    assertThat(layout.schema().asStruct()).isEqualTo(TABLE.asStruct());
  }

  @Test
  void anInsertWithoutAValueForARequiredColumnAsksForTheColumnToBeRelaxed() {
    TargetSchemaPolicy policy = new TargetSchemaPolicy(SchemaChangeBehavior.EVOLVE, true);
    RecordShape shape = shape(column("id", Types.LongType.get()), column("amount", Types.DecimalType.of(10, 2)),
        column("status", Types.StringType.get()));
    TableRowLayout strict = policy.layout("public.orders", "ods.orders", shape, TABLE, Set.of(), true, TargetSchemaPolicy.AddedColumnCheck.NONE);
    assertThatThrownBy(() -> strict.row(record(RowKind.INSERT, 1L, decimal("1.00"), null)))
        .isInstanceOfSatisfying(TableRowLayout.MissingRequiredValueException.class,
            e -> assertThat(e.column()).isEqualTo("status"));
    assertThat(strict.row(record(RowKind.DELETE, 1L, null, null)).getRowKind()).isEqualTo(RowKind.DELETE);
    TableRowLayout relaxed = policy.layout("public.orders", "ods.orders", shape, TABLE, Set.of("status"), true, TargetSchemaPolicy.AddedColumnCheck.NONE);
    assertThat(relaxed.schema().findField("status").isOptional()).isTrue();
    assertThat(relaxed.row(record(RowKind.INSERT, 1L, decimal("1.00"), null)).isNullAt(2)).isTrue();
  }

  @Test
  void addedColumnsAreCheckedOnlyWhenTheyReachTheTable() {
    List<List<String>> asked = new java.util.ArrayList<>();
    RecordShape shape = shape(column("id", Types.LongType.get()), column("amount", Types.DecimalType.of(10, 2)),
        column("status", Types.StringType.get()), column("region", Types.StringType.get()));
    new TargetSchemaPolicy(SchemaChangeBehavior.EVOLVE, true)
        .layout("public.orders", "ods.orders", shape, TABLE, Set.of(), true, asked::add);
    new TargetSchemaPolicy(SchemaChangeBehavior.IGNORE, true)
        .layout("public.orders", "ods.orders", shape, TABLE, Set.of(), true, asked::add);
    assertThat(asked).containsExactly(List.of("region"));
  }

  private static TableRowLayout layout(SchemaChangeBehavior behavior, RecordShape shape) {
    return new TargetSchemaPolicy(behavior, true)
        .layout("public.orders", "ods.orders", shape, TABLE, Set.of(), true, TargetSchemaPolicy.AddedColumnCheck.NONE);
  }

  private static RecordShape.Column column(String name, Type type) {
    return new RecordShape.Column(name, type, !name.equals("id"));
  }

  private static RecordShape shape(RecordShape.Column... columns) {
    return new RecordShape(List.of(columns), List.of("id"));
  }

  private static ChangeRecord record(RowKind kind, Object... values) {
    return new ChangeRecord(TableId.of("public", "orders"), kind, false, null, values);
  }

  private static DecimalData decimal(String value) {
    return DecimalData.fromBigDecimal(new BigDecimal(value), 10, 2);
  }

  private static StringData text(String value) {
    return StringData.fromString(value);
  }
}
