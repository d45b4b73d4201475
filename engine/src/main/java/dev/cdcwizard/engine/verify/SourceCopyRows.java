package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.snapshot.CopyBinaryReader;
import dev.cdcwizard.engine.snapshot.CopyStatement;
import dev.cdcwizard.engine.snapshot.PgColumn;
import dev.cdcwizard.engine.snapshot.RowDecoder;
import dev.cdcwizard.engine.source.SourceRelation;
import java.sql.Connection;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyInputStream;

/**
 * A source table read by binary COPY on the verify's transaction, so every scan sees the one snapshot
 * it took; values decoded as the pipeline's own snapshot decodes them, the values it writes.
 */
final class SourceCopyRows implements TableRows {
  private final Connection transaction;
  private final TableId table;
  private final RecordShape shape;
  private final RowDecoder decoder;
  private final int[] keyColumns;

  SourceCopyRows(Connection transaction, TableId table, List<PgColumn> columns, RecordShape shape) {
    this.transaction = transaction;
    this.table = table;
    this.shape = shape;
    this.decoder = RowDecoder.of(columns, shape);
    this.keyColumns = keyColumns(shape);
  }

  @Override
  public void scan(Consumer<VerifiedRow> rows) throws Exception {
    scanDecoded((row, decoded) -> rows.accept(row));
  }

  /** Each row as verify compares it, with the values the pipeline writes for it (shape order). */
  void scanDecoded(BiConsumer<VerifiedRow, Object[]> rows) throws Exception {
    List<RecordShape.Column> columns = shape.columns();
    try (CopyBinaryReader in = new CopyBinaryReader(new PGCopyInputStream(transaction.unwrap(PGConnection.class),
        CopyStatement.forTable(SourceRelation.fromClause(transaction, table), decoder, null)))) {
      while (in.next()) {
        Object[] decoded = decoder.decode(in);
        String[] values = new String[decoded.length];
        for (int i = 0; i < decoded.length; i++) {
          values[i] = CanonicalValues.of(columns.get(i).type(), decoded[i]);
        }
        rows.accept(VerifiedRow.of(values, keyColumns), decoded);
      }
    }
  }

  static int[] keyColumns(RecordShape shape) {
    List<String> names = shape.columns().stream().map(RecordShape.Column::name).toList();
    return shape.primaryKey().stream().mapToInt(names::indexOf).toArray();
  }
}
