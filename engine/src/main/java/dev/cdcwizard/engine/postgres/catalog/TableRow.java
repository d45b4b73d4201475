package dev.cdcwizard.engine.postgres.catalog;

import dev.cdcwizard.engine.postgres.TableName;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** One table while {@link CatalogReader} collects its columns from {@link CatalogColumns}. */
final class TableRow {
  private final TableName name;
  private final TableKind kind;
  private final Optional<TableName> parent;
  private final ReplicaIdentity replicaIdentity;
  private final long estimatedRows;
  private final long estimatedSizeBytes;
  private final boolean identityCoversKey;
  private final boolean unlogged;
  private final List<ColumnInfo> columns = new ArrayList<>();
  private final Map<Integer, String> primaryKeyByPosition = new TreeMap<>();

  private TableRow(TableName name, TableKind kind, Optional<TableName> parent,
      ReplicaIdentity replicaIdentity, long estimatedRows, long estimatedSizeBytes, boolean identityCoversKey,
      boolean unlogged) {
    this.name = name;
    this.kind = kind;
    this.parent = parent;
    this.replicaIdentity = replicaIdentity;
    this.estimatedRows = estimatedRows;
    this.estimatedSizeBytes = estimatedSizeBytes;
    this.identityCoversKey = identityCoversKey;
    this.unlogged = unlogged;
  }

  /** Reads a row of the tables query (oid, schema, name, relkind, relispartition, parent, ...). */
  static TableRow from(ResultSet rs) throws SQLException {
    String parentName = rs.getString(7);
    Optional<TableName> parent = parentName == null
        ? Optional.empty() : Optional.of(new TableName(rs.getString(6), parentName));
    return new TableRow(new TableName(rs.getString(2), rs.getString(3)),
        TableKind.of(rs.getString(4), rs.getBoolean(5)), parent,
        ReplicaIdentity.fromCode(rs.getString(8)), Math.max(-1, rs.getLong(9)), rs.getLong(10), rs.getBoolean(11),
        rs.getBoolean(12));
  }

  void addColumn(ColumnFacts facts) {
    columns.add(new ColumnInfo(facts.name(), facts.shownType(), facts.declaredTypeName(),
        String.valueOf(facts.declaredCategory()), facts.notNull(), facts.toastable(), facts.generated(),
        facts.domainBaseType()));
    if (facts.keyPosition() > 0) {
      primaryKeyByPosition.put(facts.keyPosition(), facts.name());
    }
  }

  TableInfo toTableInfo() {
    return new TableInfo(name, kind, parent, columns, List.copyOf(primaryKeyByPosition.values()),
        replicaIdentity, estimatedRows, estimatedSizeBytes, identityCoversKey, unlogged);
  }
}
