package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.record.RecordShape;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.apache.iceberg.Table;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * An Iceberg table as a query sees it at one snapshot, deletes applied, read on the source's columns: a
 * column the target lacks reads as NULL, so its values show as differences rather than being skipped.
 */
final class IcebergTargetRows implements TableRows {
  private final Table table;
  private final Long snapshotId;
  private final RecordShape shape;
  private final int[] keyColumns;

  /** @param snapshotId the snapshot every scan reads; null for a table without commits */
  IcebergTargetRows(Table table, Long snapshotId, RecordShape shape) {
    this.table = table;
    this.snapshotId = snapshotId;
    this.shape = shape;
    this.keyColumns = SourceCopyRows.keyColumns(shape);
  }

  /** The snapshot every scan reads; null for a table without commits. */
  Long snapshotId() {
    return snapshotId;
  }

  @Override
  public void scan(Consumer<VerifiedRow> rows) throws Exception {
    scanRecords((row, record) -> rows.accept(row));
  }

  /** Each row as verify compares it, with the Iceberg record it was read from. */
  void scanRecords(BiConsumer<VerifiedRow, Record> rows) throws Exception {
    if (snapshotId == null) {
      return;
    }
    List<RecordShape.Column> columns = shape.columns();
    boolean[] present = new boolean[columns.size()];
    for (int i = 0; i < present.length; i++) {
      present[i] = table.schema().findField(columns.get(i).name()) != null;
    }
    try (CloseableIterable<Record> records = IcebergGenerics.read(table).useSnapshot(snapshotId).build()) {
      for (Record record : records) {
        String[] values = new String[columns.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = present[i] ? CanonicalValues.of(columns.get(i).type(), record.getField(columns.get(i).name()))
              : null;
        }
        rows.accept(VerifiedRow.of(values, keyColumns), record);
      }
    }
  }
}
