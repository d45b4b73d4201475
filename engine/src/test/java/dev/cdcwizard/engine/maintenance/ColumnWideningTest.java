package dev.cdcwizard.engine.maintenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColumnWideningTest {
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
  private Table table;

  @BeforeEach
  void create() {
    HadoopCatalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    table = catalog.createTable(ORDERS, new Schema(Types.NestedField.required(1, "id", Types.LongType.get()),
        Types.NestedField.optional(2, "quantity", Types.IntegerType.get()),
        Types.NestedField.optional(3, "weight", Types.FloatType.get()),
        Types.NestedField.optional(4, "note", Types.StringType.get())));
  }

  @Test
  void theColumnTakesItsSourceColumnsWiderTypeInTheMetadata() throws Exception {
    ColumnWidening.Widened widened = ColumnWidening.widen(table, ORDERS, "quantity",
        sources(Types.LongType.get()));
    table.refresh();
    assertThat(widened.changed()).isTrue();
    assertThat(table.schema().findField("quantity").type()).isEqualTo(Types.LongType.get());
    assertThat(table.schema().findField("quantity").fieldId()).isEqualTo(2);
    assertThat(ColumnWidening.widen(table, ORDERS, "quantity", sources(Types.LongType.get())).changed()).isFalse();
  }

  @Test
  void aTypeTheColumnCannotWidenToIsRefused() {
    assertThatThrownBy(() -> ColumnWidening.widen(table, ORDERS, "quantity", sources(Types.StringType.get())))
        .isInstanceOf(WideningRefusedException.class)
        .hasMessageContaining("Column quantity of ods.orders is int; the source's column is now string");
  }

  @Test
  void floatToDoubleIsRefusedBecauseTheReplayedRowsWouldLookRounded() {
    assertThatThrownBy(() -> ColumnWidening.widen(table, ORDERS, "weight", Map.of(TableId.of("public", "orders"),
        new RecordShape(List.of(new RecordShape.Column("weight", Types.DoubleType.get(), true)), List.of("id")))))
        .isInstanceOf(WideningRefusedException.class)
        .hasMessageContaining("narrowing of double precision to real");
  }

  @Test
  void sourcesThatDisagreeOrAColumnNoOneHasAreRefused() {
    Map<TableId, RecordShape> merged = new LinkedHashMap<>(sources(Types.LongType.get()));
    merged.put(TableId.of("eu", "orders"), new RecordShape(
        List.of(new RecordShape.Column("quantity", Types.IntegerType.get(), true)), List.of("id")));
    assertThatThrownBy(() -> ColumnWidening.widen(table, ORDERS, "quantity", merged))
        .hasMessageContaining("The source tables of ods.orders (public.orders, eu.orders) give column quantity different");
    assertThatThrownBy(() -> ColumnWidening.widen(table, ORDERS, "missing", sources(Types.LongType.get())))
        .hasMessageContaining("The Iceberg table ods.orders has no column missing");
    assertThatThrownBy(() -> ColumnWidening.widen(table, ORDERS, "note", sources(Types.LongType.get())))
        .hasMessageContaining("No source table of ods.orders (public.orders) has a column note now");
  }

  private static Map<TableId, RecordShape> sources(Type quantity) {
    return Map.of(TableId.of("public", "orders"),
        new RecordShape(List.of(new RecordShape.Column("id", Types.LongType.get(), false),
            new RecordShape.Column("quantity", quantity, true)), List.of("id")));
  }
}
