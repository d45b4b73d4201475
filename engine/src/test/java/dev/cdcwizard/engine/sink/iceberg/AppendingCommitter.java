package dev.cdcwizard.engine.sink.iceberg;

import java.util.Map;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * A writer of its own process for {@code HadoopCommitLockIT}: commits one data file per commit to a table of a
 * hadoop catalog, as fast as it can, as a pipeline's committer and a compaction in another process would.
 * Arguments: warehouse, table, file name prefix, commits.
 */
public final class AppendingCommitter {
  private AppendingCommitter() {}

  public static void main(String[] args) {
    Catalog catalog = IcebergCatalogs.loader(Map.of("type", "hadoop", "warehouse", args[0])).loadCatalog();
    Table table = catalog.loadTable(TableIdentifier.parse(args[1]));
    commit(table, args[2], Integer.parseInt(args[3]));
    System.out.println("committed " + args[3]);
  }

  /** {@code commits} appends of one file each, named {@code prefix-N}. */
  static void commit(Table table, String prefix, int commits) {
    for (int i = 0; i < commits; i++) {
      table.newAppend().appendFile(DataFiles.builder(table.spec()).withPath("/nowhere/" + prefix + "-" + i + ".parquet")
          .withFileSizeInBytes(100).withRecordCount(1).build()).commit();
    }
  }
}
