package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.preview.PostgresTargetPreview.TargetRead;
import dev.cdcwizard.engine.preview.PostgresTargetPreview;
import dev.cdcwizard.engine.sink.postgres.CatalogColumn;
import dev.cdcwizard.engine.sink.postgres.CatalogTable;
import dev.cdcwizard.engine.sink.postgres.TargetTableName;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A PostgreSQL target table read from the target database, one connection to each database per read:
 * its columns with their exact types, its first rows by primary key (each value as PostgreSQL writes
 * it), and its row count next to the sum of its source tables', counted as {@link CountSchedule} says.
 */
final class PostgresTableReader implements TargetTableReader {
  private final PostgresTargetPreview preview;
  private final CountSchedule counts = new CountSchedule(System::nanoTime);
  private Map<TableId, List<TableId>> sources;

  PostgresTableReader(PipelineDefinition definition) {
    this.preview = new PostgresTargetPreview(definition);
  }

  @Override
  public Optional<TableRead> read(TargetTable table, int rows) throws SQLException {
    TableId target = TargetTableName.parse(table.name());
    if (sources == null) {
      sources = preview.targets();
    }
    long started = counts.now();
    boolean count = counts.due(target);
    Optional<TargetRead> read = preview.read(target, sources.getOrDefault(target, List.of()), null, rows, count);
    if (read.isEmpty()) {
      return Optional.empty();
    }
    read.get().counts().ifPresent(counted -> counts.counted(target, counted, started));
    List<Map<String, Object>> values = read.get().rows().stream().<Map<String, Object>>map(LinkedHashMap::new).toList();
    CatalogTable columns = read.get().table();
    return Optional.of(new TableRead(columns.columns().stream().map(CatalogColumn::name).toList(), schema(columns),
        values, counts.last(target).orElse(null), read.get().health().orElse(null)));
  }

  private static String schema(CatalogTable table) {
    return table.columns().stream().map(column -> column.name() + " " + column.type()
            + (column.notNull() ? " NOT NULL" : "") + (table.primaryKey().contains(column.name()) ? " KEY" : ""))
        .collect(Collectors.joining("\n"));
  }
}
