package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.TableName;

/** SQL that applies a statement to a partitioned table and every partition below it. */
final class PartitionScripts {
  private PartitionScripts() {}

  /**
   * A DO block over pg_partition_tree (PostgreSQL 12+); {@code format} gets each relation as a
   * regclass, which prints properly quoted. The dollar-quote tag is chosen so no table name can end it.
   */
  static String forEachPartition(TableName root, String statementFormat) {
    String body = "DECLARE r regclass; BEGIN FOR r IN SELECT relid FROM pg_partition_tree("
        + Identifiers.literal(root.quoted()) + "::regclass) LOOP EXECUTE format("
        + Identifiers.literal(statementFormat) + ", r); END LOOP; END";
    String tag = "$cdc$";
    for (int i = 0; body.contains(tag); i++) {
      tag = "$cdc" + i + "$";
    }
    return "DO " + tag + body + tag + ";";
  }
}
