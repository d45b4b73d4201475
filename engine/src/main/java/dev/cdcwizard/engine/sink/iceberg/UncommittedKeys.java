package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.sink.iceberg.TableRowRouter.Target;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.types.RowKind;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The keys written since the last checkpoint, per table and per target schema. Iceberg's dynamic sink
 * keeps one writer per table and schema, and a writer's equality delete cannot remove a row another
 * writer added in the same commit: a key written under one schema and then, before the checkpoint,
 * under another (an added column between two changes of the row) would stay twice. So the second write
 * is preceded by a delete through the first schema's writer, which removes its own row by position.
 */
final class UncommittedKeys {
  private final Map<TableIdentifier, Map<Target, Set<List<Object>>>> written = new HashMap<>();
  private final Map<Target, int[]> keyPositions = new HashMap<>();

  /** A checkpoint was taken: what was written is committed with it. */
  void committed() {
    written.clear();
  }

  /**
   * The table was emptied where a TRUNCATE happened: returns the delete of every key written to it since
   * the last checkpoint, each through the writer of the schema it was written under, and forgets them.
   */
  List<Delete> truncated(TableIdentifier table) {
    Map<Target, Set<List<Object>>> byTarget = written.remove(table);
    List<Delete> deletes = new ArrayList<>();
    if (byTarget != null) {
      byTarget.forEach((target, keys) -> keys.forEach(key -> deletes.add(new Delete(target, deleteRow(target, key)))));
    }
    return deletes;
  }

  /**
   * Records that {@code row} is written under {@code target}; returns, per other target of the table
   * that wrote the same key since the last checkpoint, the delete of that key to write through it first.
   */
  List<Delete> write(Target target, GenericRowData row) {
    List<Object> key = key(target, row);
    Map<Target, Set<List<Object>>> byTarget = written.computeIfAbsent(target.table(), table -> new HashMap<>());
    List<Delete> deletes = List.of();
    if (byTarget.size() > (byTarget.containsKey(target) ? 1 : 0)) {
      deletes = new ArrayList<>();
      for (Map.Entry<Target, Set<List<Object>>> earlier : byTarget.entrySet()) {
        if (earlier.getKey() != target && earlier.getValue().remove(key)) {
          deletes.add(new Delete(earlier.getKey(), deleteRow(earlier.getKey(), key)));
        }
      }
    }
    byTarget.computeIfAbsent(target, unused -> new HashSet<>()).add(key);
    return deletes;
  }

  private List<Object> key(Target target, GenericRowData row) {
    int[] positions = keyPositions.computeIfAbsent(target, UncommittedKeys::positions);
    List<Object> key = new ArrayList<>(positions.length);
    for (int position : positions) {
      Object value = row.getField(position);
      key.add(value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value);
    }
    return key;
  }

  private GenericRowData deleteRow(Target target, List<Object> key) {
    int[] positions = keyPositions.computeIfAbsent(target, UncommittedKeys::positions);
    GenericRowData row = new GenericRowData(RowKind.DELETE, target.schema().columns().size());
    for (int i = 0; i < positions.length; i++) {
      Object value = key.get(i);
      row.setField(positions[i], value instanceof ByteBuffer buffer ? buffer.array() : value);
    }
    return row;
  }

  private static int[] positions(Target target) {
    List<String> names = target.schema().columns().stream().map(field -> field.name()).toList();
    return target.equalityFields().stream().sorted().mapToInt(names::indexOf).toArray();
  }

  /** A key to delete through the writer of {@code target} before it is written under another schema. */
  record Delete(Target target, GenericRowData row) {}
}
