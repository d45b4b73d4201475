package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A partitioned table holds no rows itself: its size and row estimate are those of its leaf
 * partitions, summed up the partition tree so the user sees what a snapshot would read.
 */
final class PartitionTotals {
  private PartitionTotals() {}

  static List<TableInfo> apply(List<TableInfo> tables) {
    Map<TableName, TableInfo> byName = new HashMap<>();
    tables.forEach(table -> byName.put(table.name(), table));
    Map<TableName, long[]> totals = new HashMap<>();
    for (TableInfo table : tables) {
      if (table.kind() == TableKind.PARTITIONED_TABLE) {
        continue;
      }
      Optional<TableName> ancestor = table.parent();
      while (ancestor.isPresent()) {
        long[] total = totals.computeIfAbsent(ancestor.get(), name -> new long[2]);
        total[0] += Math.max(0, table.estimatedRows());
        total[1] += table.estimatedSizeBytes();
        TableInfo ancestorTable = byName.get(ancestor.get());
        ancestor = ancestorTable == null ? Optional.empty() : ancestorTable.parent();
      }
    }
    return tables.stream()
        .map(table -> table.kind() == TableKind.PARTITIONED_TABLE && totals.containsKey(table.name())
            ? table.withTotals(totals.get(table.name())[0], table.estimatedSizeBytes() + totals.get(table.name())[1])
            : table)
        .toList();
  }
}
