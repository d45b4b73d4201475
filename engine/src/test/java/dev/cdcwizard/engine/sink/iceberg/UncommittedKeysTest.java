package dev.cdcwizard.engine.sink.iceberg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.sink.iceberg.TableRowRouter.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** A key written under two schemas of one table before a checkpoint is deleted through the first one's writer. */
class UncommittedKeysTest {
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");
  private final Target before = target(Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "status", Types.StringType.get()));
  private final Target after = target(Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "status", Types.StringType.get()),
      Types.NestedField.optional(3, "note", Types.StringType.get()));
  private final UncommittedKeys keys = new UncommittedKeys();

  @Test
  void aKeyWrittenAgainUnderAnAddedColumnIsFirstDeletedThroughTheOldSchemasWriter() {
    assertThat(keys.write(before, row(7L, "NEW"))).isEmpty();

    List<UncommittedKeys.Delete> deletes = keys.write(after, row(7L, "PAID", "late"));

    assertThat(deletes).hasSize(1);
    assertThat(deletes.get(0).target()).isSameAs(before);
    GenericRowData delete = deletes.get(0).row();
    assertThat(delete.getRowKind()).isEqualTo(RowKind.DELETE);
    assertThat(delete.getArity()).isEqualTo(2);
    assertThat(delete.getField(0)).isEqualTo(7L);
    assertThat(keys.write(after, row(7L, "SHIPPED", "later"))).as("already moved to the new writer").isEmpty();
  }

  @Test
  void otherKeysAndOneSchemaNeedNoDelete() {
    keys.write(before, row(7L, "NEW"));
    assertThat(keys.write(before, row(7L, "PAID"))).isEmpty();
    assertThat(keys.write(after, row(8L, "NEW", "first"))).isEmpty();
  }

  @Test
  void whatACheckpointCommittedIsNoLongerTheWritersToDelete() {
    keys.write(before, row(7L, "NEW"));
    keys.committed();
    assertThat(keys.write(after, row(7L, "PAID", "late"))).isEmpty();
  }

  private static Target target(Types.NestedField... fields) {
    Schema schema = new Schema(List.of(fields), Set.of(1));
    return new Target(ORDERS, new TableRowLayout(schema, new int[fields.length], new ArrayList<>()),
        PartitionSpec.unpartitioned(), Set.of("id"), false, Set.of());
  }

  private static GenericRowData row(Object... values) {
    GenericRowData row = new GenericRowData(RowKind.UPDATE_AFTER, values.length);
    for (int i = 0; i < values.length; i++) {
      row.setField(i, values[i] instanceof String text ? StringData.fromString(text) : values[i]);
    }
    return row;
  }
}
