package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.job.PreparedPipeline;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.preview.TargetTableHealth;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.catalog.TableIdentifier;

/** Reads one target table of the running pipeline for the preview: an Iceberg table or a PostgreSQL one. */
interface TargetTableReader {
  static TargetTableReader of(PreparedPipeline prepared) {
    return switch (prepared.definition().sink().kind()) {
      case ICEBERG -> new IcebergTableReader(prepared.catalogLoader());
      case POSTGRES -> new PostgresTableReader(prepared.definition());
    };
  }

  /** The table's first rows and its schema; empty while the pipeline has not created it. */
  Optional<TableRead> read(TableIdentifier table, int rows) throws Exception;

  /**
   * @param schema the table's columns and types as its system writes them
   * @param counts the target's row count next to the source's, where the reader compares them; else null
   * @param health what the table's metadata (Iceberg) or statistics (PostgreSQL) say of its reads and storage;
   *     null when not read
   */
  record TableRead(List<String> columns, String schema, List<Map<String, Object>> rows, RowCountCheck counts,
      TargetTableHealth health) {}
}
