package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;
import java.util.List;
import java.util.Optional;

/**
 * A table as the table-choice step shows it. For a partitioned table, rows and size are the sums over
 * its partitions. Both come from the planner statistics (VACUUM, ANALYZE); for a table never analyzed,
 * from its files' size and the statistics collector's live tuples. {@code estimatedRows} is -1 when
 * neither knows. {@code identityCoversKey} is false when REPLICA IDENTITY USING INDEX names an index that
 * leaves out a primary key column: a delete then carries no value of that column. {@code unlogged}: none
 * of its changes are written to the WAL.
 */
public record TableInfo(
    TableName name,
    TableKind kind,
    Optional<TableName> parent,
    List<ColumnInfo> columns,
    List<String> primaryKey,
    ReplicaIdentity replicaIdentity,
    long estimatedRows,
    long estimatedSizeBytes,
    boolean identityCoversKey,
    boolean unlogged) {

  public TableInfo {
    columns = List.copyOf(columns);
    primaryKey = List.copyOf(primaryKey);
  }

  /** A logged table whose replica identity, if an index, holds its primary key. */
  public TableInfo(TableName name, TableKind kind, Optional<TableName> parent, List<ColumnInfo> columns,
      List<String> primaryKey, ReplicaIdentity replicaIdentity, long estimatedRows, long estimatedSizeBytes) {
    this(name, kind, parent, columns, primaryKey, replicaIdentity, estimatedRows, estimatedSizeBytes, true, false);
  }

  public boolean hasPrimaryKey() {
    return !primaryKey.isEmpty();
  }

  public boolean isPartition() {
    return kind == TableKind.PARTITION;
  }

  TableInfo withTotals(long rows, long size) {
    return new TableInfo(name, kind, parent, columns, primaryKey, replicaIdentity, rows, size, identityCoversKey,
        unlogged);
  }
}
