package dev.cdcwizard.engine.sink.iceberg;

import java.util.Map;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * A compaction of its own process for {@code KilledCompactionIT}: writes the rewritten files of a table of a
 * hadoop catalog, says so, and waits for the kill before its commit. Arguments: warehouse, table.
 */
public final class DyingCompaction {
  private DyingCompaction() {}

  public static void main(String[] args) throws Exception {
    Table table = IcebergCatalogs.loader(Map.of("type", "hadoop", "warehouse", args[0])).loadCatalog()
        .loadTable(TableIdentifier.parse(args[1]));
    TableCompaction.Rewrite.plan(table).write(TableCompaction.Progress.NONE);
    System.out.println("written");
    Thread.sleep(Long.MAX_VALUE);
  }
}
