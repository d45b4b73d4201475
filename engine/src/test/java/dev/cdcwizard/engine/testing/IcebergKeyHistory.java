package dev.cdcwizard.engine.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;

/**
 * What each commit of a table made of one key: the commit's summary and the key's row as a reader of
 * that snapshot sees it. For a failed comparison's story: whether a delete never came, or came and
 * stopped applying at a later commit.
 */
public final class IcebergKeyHistory {
  private static final Set<String> SUMMARY_KEYS = Set.of("flink.checkpoint-id", "flink.job-id", "added-data-files",
      "added-records", "added-equality-deletes", "added-position-deletes", "deleted-data-files", "total-records");

  private IcebergKeyHistory() {}

  public static List<String> of(Path warehouse, TableIdentifier identifier, String keyColumn, long key)
      throws IOException {
    Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString()).loadTable(identifier);
    List<String> lines = new ArrayList<>();
    String previous = null;
    for (Snapshot snapshot : table.snapshots()) {
      String row = row(table, snapshot.snapshotId(), keyColumn, key);
      if (!row.equals(previous) || lines.size() < 2) {
        lines.add("seq " + snapshot.sequenceNumber() + " " + Instant.ofEpochMilli(snapshot.timestampMillis()) + " "
            + snapshot.operation() + " " + summary(snapshot.summary()) + " -> " + row);
      }
      previous = row;
    }
    return lines;
  }

  private static String row(Table table, long snapshotId, String keyColumn, long key) throws IOException {
    List<String> rows = new ArrayList<>();
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).useSnapshot(snapshotId)
        .where(Expressions.equal(keyColumn, key)).build()) {
      records.forEach(record -> rows.add(record.toString()));
    }
    return rows.isEmpty() ? "absent" : String.join(" | ", rows);
  }

  private static String summary(Map<String, String> summary) {
    StringBuilder text = new StringBuilder();
    summary.forEach((name, value) -> {
      if (SUMMARY_KEYS.contains(name)) {
        text.append(name).append('=').append(value).append(' ');
      }
    });
    return text.toString().trim();
  }
}
