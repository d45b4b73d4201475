package dev.cdcwizard.engine.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The rows committed to a table of a Hadoop catalog, loaded again only when its version hint changes:
 * the benchmark polls every 100 ms, and loading the table each time takes a cold JVM a good part of a
 * core, which the run it measures needs on two.
 */
final class CommittedRows {
  private final Catalog catalog;
  private final TableIdentifier table;
  private final Path versionHint;
  private String seenVersion = "";
  private long rows;

  CommittedRows(Catalog catalog, Path warehouse, TableIdentifier table) {
    this.catalog = catalog;
    this.table = table;
    this.versionHint = warehouse.resolve(table.namespace().level(0)).resolve(table.name()).resolve("metadata")
        .resolve("version-hint.text");
  }

  long get() throws IOException {
    if (!Files.exists(versionHint)) {
      return 0;
    }
    String version = Files.readString(versionHint).trim();
    if (!version.equals(seenVersion)) {
      seenVersion = version;
      rows = SnapshotComparison.committedRecords(catalog, table);
    }
    return rows;
  }
}
