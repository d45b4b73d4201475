package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.sink.postgres.CatalogColumn;
import dev.cdcwizard.engine.sink.postgres.CatalogTable;
import dev.cdcwizard.engine.sink.postgres.PostgresTargetPreview;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * A PostgreSQL target table read from the target database: its columns with their exact types, its
 * first rows by primary key (each value as PostgreSQL writes it), and its row count next to the sum of
 * its source tables'.
 */
final class PostgresTableReader implements TargetTableReader {
  private final PostgresTargetPreview preview;
  private Map<TableId, List<TableId>> sources;

  PostgresTableReader(PipelineDefinition definition) {
    this.preview = new PostgresTargetPreview(definition);
  }

  @Override
  public Optional<TableRead> read(TableIdentifier table, int rows) throws SQLException {
    TableId target = TableId.of(table.namespace().level(0), table.name());
    Optional<CatalogTable> columns = preview.table(target);
    if (columns.isEmpty()) {
      return Optional.empty();
    }
    if (sources == null) {
      sources = preview.targets();
    }
    List<Map<String, Object>> read = preview.rows(target, null, rows).stream()
        .<Map<String, Object>>map(LinkedHashMap::new).toList();
    return Optional.of(new TableRead(columns.get().columns().stream().map(CatalogColumn::name).toList(),
        schema(columns.get()), read, preview.compareCounts(target, sources.getOrDefault(target, List.of()))));
  }

  private static String schema(CatalogTable table) {
    return table.columns().stream().map(column -> column.name() + " " + column.type()
            + (column.notNull() ? " NOT NULL" : "") + (table.primaryKey().contains(column.name()) ? " KEY" : ""))
        .collect(Collectors.joining("\n"));
  }
}
