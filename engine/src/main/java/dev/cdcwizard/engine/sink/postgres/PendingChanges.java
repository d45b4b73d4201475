package dev.cdcwizard.engine.sink.postgres;

import dev.cdcwizard.engine.pipeline.TableId;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The changes a writer holds until its next flush, reduced to the last one per target row: a later
 * change of a key replaces an earlier one, so a flush writes each key once and the order between keys
 * does not matter. An update that lacks unchanged TOAST values is laid over the buffered row of its key,
 * keeping the values it did not carry.
 */
final class PendingChanges {
  private final Map<TableId, Map<List<Object>, Change>> byTable = new LinkedHashMap<>();
  private final Set<TableId> truncated = new LinkedHashSet<>();
  private int size;

  /**
   * @param values column name -> value of the columns to write, without {@link Undelivered} ones
   * @param complete whether {@code values} hold every column (no TOASTed value an UPDATE left alone)
   * @return the buffered row, which {@code values} were merged into
   */
  Map<String, Object> upsert(TableId target, List<Object> key, Map<String, Object> values, boolean complete) {
    Map<List<Object>, Change> rows = byTable.computeIfAbsent(target, table -> new LinkedHashMap<>());
    Change previous = rows.get(key);
    if (previous != null && !previous.delete()) {
      previous.values().putAll(values);
      rows.put(key, new Change(false, previous.values(), previous.complete() || complete));
      return previous.values();
    }
    put(rows, key, new Change(false, values, complete));
    return values;
  }

  void delete(TableId target, List<Object> key, Map<String, Object> keyValues) {
    put(byTable.computeIfAbsent(target, table -> new LinkedHashMap<>()), key, new Change(true, keyValues, true));
  }

  /**
   * The source table was emptied: the target's buffered changes go, and the next flush empties the target
   * before it writes the changes that follow.
   */
  void truncate(TableId target) {
    Map<List<Object>, Change> rows = byTable.remove(target);
    if (rows != null) {
      size -= rows.size();
    }
    truncated.add(target);
  }

  private void put(Map<List<Object>, Change> rows, List<Object> key, Change change) {
    if (rows.put(key, change) == null) {
      size++;
    }
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0 && truncated.isEmpty();
  }

  /** The targets to empty before the buffered changes are written. */
  Set<TableId> truncated() {
    return truncated;
  }

  Map<TableId, Map<List<Object>, Change>> byTable() {
    return byTable;
  }

  void clear() {
    byTable.clear();
    truncated.clear();
    size = 0;
  }

  /** Values as keys: bytes compare by content. */
  static List<Object> key(Object[] values, int[] keyIndexes) {
    List<Object> key = new ArrayList<>(keyIndexes.length);
    for (int index : keyIndexes) {
      Object value = values[index];
      key.add(value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value);
    }
    return key;
  }

  /**
   * A row to upsert with the columns in {@code values}, or (delete) the key of a row to delete.
   *
   * @param complete whether the row has every column: one that lacks a value an UPDATE left alone exists in
   *     the target (its insert came before), and is updated there rather than inserted without it
   */
  record Change(boolean delete, Map<String, Object> values, boolean complete) {}
}
