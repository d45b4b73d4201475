package dev.cdcwizard.engine.postgres.catalog;

/** What a relation in the table list is; partitions are listed but published through their root. */
public enum TableKind {
  TABLE,
  PARTITIONED_TABLE,
  PARTITION;

  static TableKind of(String relkind, boolean isPartition) {
    if (isPartition) {
      return PARTITION;
    }
    return "p".equals(relkind) ? PARTITIONED_TABLE : TABLE;
  }
}
