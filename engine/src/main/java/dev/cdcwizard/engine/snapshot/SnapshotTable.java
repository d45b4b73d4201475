package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.postgres.SnapshotCopies.TableCopy;
import java.io.Serializable;
import java.util.List;

/**
 * What a snapshot reader needs to know of one table, shipped with the job.
 *
 * @param emitted the table as the pipeline's records name it (with the database when the source includes it)
 * @param shape the record shape the streaming path gives the table's rows
 * @param columns the table's catalog columns, from which each reader builds its {@link RowDecoder}; none
 *     for a PostgreSQL target, whose rows are copied as text without decoding
 * @param postgresCopy for a PostgreSQL target, what is copied as text into which tables; else null
 */
public record SnapshotTable(TableId emitted, RecordShape shape, List<PgColumn> columns, TableCopy postgresCopy)
    implements Serializable {
  public SnapshotTable {
    columns = List.copyOf(columns);
  }

  public SnapshotTable(TableId emitted, RecordShape shape, List<PgColumn> columns) {
    this(emitted, shape, columns, null);
  }

  /** A table a PostgreSQL target receives as COPY text. */
  public static SnapshotTable copiedAsText(TableId emitted, RecordShape shape, TableCopy copy) {
    return new SnapshotTable(emitted, shape, List.of(), copy);
  }
}
