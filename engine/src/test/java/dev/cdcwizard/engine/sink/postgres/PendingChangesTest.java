package dev.cdcwizard.engine.sink.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.ChangeRecord;
import dev.cdcwizard.engine.record.RecordShape;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class PendingChangesTest {
  private static final TableId TABLE = TableId.of("s", "t");

  private static Map<String, Object> row(Object... pairs) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      row.put((String) pairs[i], pairs[i + 1]);
    }
    return row;
  }

  @Test
  void anUpdateWithoutItsToastValueKeepsTheBufferedOne() {
    PendingChanges pending = new PendingChanges();
    pending.upsert(TABLE, List.of("1"), row("id", "1", "title", "a", "body", "big"), true);
    pending.upsert(TABLE, List.of("1"), row("id", "1", "title", "b"), false);

    assertThat(pending.size()).isEqualTo(1);
    assertThat(pending.byTable().get(TABLE).get(List.of("1")).values())
        .containsExactly(Map.entry("id", "1"), Map.entry("title", "b"), Map.entry("body", "big"));
    assertThat(pending.byTable().get(TABLE).get(List.of("1")).complete()).as("an insert with every column").isTrue();
  }

  @Test
  void anUpdateWithoutItsToastValueAloneIsIncomplete() {
    PendingChanges pending = new PendingChanges();
    pending.upsert(TABLE, List.of("1"), row("id", "1", "title", "b"), false);
    pending.upsert(TABLE, List.of("1"), row("id", "1", "title", "c"), false);

    assertThat(pending.byTable().get(TABLE).get(List.of("1")).complete()).isFalse();
  }

  @Test
  void theLastChangeOfAKeyWins() {
    PendingChanges pending = new PendingChanges();
    pending.upsert(TABLE, List.of("1"), row("id", "1", "title", "a"), true);
    pending.delete(TABLE, List.of("1"), row("id", "1"));
    pending.upsert(TABLE, List.of("2"), row("id", "2", "title", "c"), true);

    assertThat(pending.size()).isEqualTo(2);
    assertThat(pending.byTable().get(TABLE).get(List.of("1")).delete()).isTrue();
    pending.upsert(TABLE, List.of("1"), row("id", "1", "title", "again"), true);
    assertThat(pending.byTable().get(TABLE).get(List.of("1")).delete()).isFalse();
    assertThat(pending.size()).isEqualTo(2);
  }

  @Test
  void bytesKeysCompareByContent() {
    assertThat(PendingChanges.key(new Object[] {new byte[] {1}}, new int[] {0}))
        .isEqualTo(PendingChanges.key(new Object[] {new byte[] {1}}, new int[] {0}));
  }

  @Test
  void recordsSurviveTheirSerializer() throws Exception {
    RecordShape shape = new RecordShape(List.of(new RecordShape.Column("id", Types.StringType.get(), false),
        new RecordShape.Column("data", Types.BinaryType.get(), true),
        new RecordShape.Column("body", Types.StringType.get(), true)), List.of("id"));
    ChangeRecord record = new ChangeRecord(new TableId("db", "s", "t"), RowKind.UPDATE_AFTER, false, shape,
        new Object[] {"1", new byte[] {7}, Undelivered.UNCHANGED_TOAST});
    DataOutputSerializer out = new DataOutputSerializer(64);
    ChangeRecordSerializer.INSTANCE.serialize(record, out);
    ChangeRecord back = ChangeRecordSerializer.INSTANCE.deserialize(new DataInputDeserializer(out.getCopyOfBuffer()));

    assertThat(back.table()).isEqualTo(record.table());
    assertThat(back.kind()).isEqualTo(RowKind.UPDATE_AFTER);
    assertThat(back.shape()).isEqualTo(shape);
    assertThat(back.values()).containsExactly("1", new byte[] {7}, Undelivered.UNCHANGED_TOAST);
  }
}
