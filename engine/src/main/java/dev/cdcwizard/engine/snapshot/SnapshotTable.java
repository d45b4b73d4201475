package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.job.RecordShape;
import dev.cdcwizard.engine.pipeline.TableId;
import java.io.Serializable;
import java.util.List;

/**
 * What a snapshot reader needs to know of one table, shipped with the job.
 *
 * @param emitted the table as the pipeline's records name it (with the database when the source includes it)
 * @param shape the record shape the streaming path gives the table's rows
 * @param columns the table's catalog columns, from which each reader builds its {@link RowDecoder}
 */
public record SnapshotTable(TableId emitted, RecordShape shape, List<PgColumn> columns) implements Serializable {
  public SnapshotTable {
    columns = List.copyOf(columns);
  }
}
