package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.job.ChangeRecord;
import dev.cdcwizard.engine.job.RecordShape;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.flink.api.java.functions.KeySelector;

/** A record's table and primary key values as one string: the key the writers are chosen by. */
final class PrimaryKeySelector implements KeySelector<ChangeRecord, String> {
  private static final long serialVersionUID = 1L;

  private transient Map<RecordShape, int[]> keyIndexes;

  @Override
  public String getKey(ChangeRecord record) {
    if (keyIndexes == null) {
      keyIndexes = new IdentityHashMap<>();
    }
    int[] indexes = keyIndexes.computeIfAbsent(record.shape(), shape -> shape.primaryKey().stream()
        .mapToInt(name -> shape.columns().stream().map(RecordShape.Column::name).toList().indexOf(name))
        .toArray());
    StringBuilder key = new StringBuilder(record.table().toString());
    for (int index : indexes) {
      Object value = index < 0 ? null : record.values()[index];
      key.append('\0').append(value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : value);
    }
    return key.toString();
  }
}
