package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.preview.TargetTableHealth;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads one target table of the running pipeline for the preview: an Iceberg table or a PostgreSQL one. */
interface TargetTableReader extends AutoCloseable {
  static TargetTableReader of(PreparedPipeline prepared) {
    return switch (prepared.definition().sink().kind()) {
      case ICEBERG -> new IcebergTableReader(IcebergCatalogs.loader(prepared));
      case POSTGRES -> new PostgresTableReader(prepared.definition());
    };
  }

  /** The table's first rows and its schema; empty while the pipeline has not created it. */
  Optional<TableRead> read(TargetTable table, int rows) throws Exception;

  /** Closes what the reader opened (an Iceberg catalog and its file I/O clients); it is not used again. */
  @Override
  default void close() {}

  /**
   * @param schema the table's columns and types as its system writes them
   * @param counts the target's row count next to the source's, where the reader compares them; else null
   * @param health what the table's metadata (Iceberg) or statistics (PostgreSQL) say of its reads and storage;
   *     null when not read
   */
  record TableRead(List<String> columns, String schema, List<Map<String, Object>> rows, RowCountCheck counts,
      TargetTableHealth health) {}
}
