package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.preview.PostgresTargetPreview;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.sink.postgres.CatalogTable;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code preview} for a PostgreSQL target: columns, first rows and row counts, read from the target. */
final class PostgresPreviewPrinter {
  private PostgresPreviewPrinter() {}

  /** @return the exit code */
  static int print(PipelineDefinition definition, String table, String orderBy, int limit, PrintWriter out,
      PrintWriter err) throws SQLException {
    PostgresTargetPreview preview = new PostgresTargetPreview(definition);
    Map<TableId, List<TableId>> targets = preview.targets();
    if (table != null) {
      targets.keySet().removeIf(target -> !target.toString().equals(table));
      if (targets.isEmpty()) {
        err.println("No source table of the pipeline goes to " + table);
        return 1;
      }
    }
    for (Map.Entry<TableId, List<TableId>> target : targets.entrySet()) {
      out.println("== " + target.getKey() + " (from " + target.getValue() + ")");
      Optional<PostgresTargetPreview.TargetRead> read =
          preview.read(target.getKey(), target.getValue(), orderBy, limit, true);
      if (read.isEmpty()) {
        out.println("Does not exist yet: the pipeline creates it when it starts.");
        continue;
      }
      CatalogTable columns = read.get().table();
      columns.columns().forEach(column -> out.printf("  %-30s %-28s%s%s%n", column.name(), column.type(),
          column.notNull() ? " not null" : "", columns.primaryKey().contains(column.name()) ? " key" : ""));
      for (Map<String, String> row : read.get().rows()) {
        out.println("  " + String.join(" | ", row.values().stream().map(String::valueOf).toList()));
      }
      RowCountCheck counts = read.get().counts().orElseThrow();
      out.printf("Rows: source %d, target %d: %s%n", counts.sourceRows(), counts.targetRows(),
          switch (counts.verdict()) {
            case EQUAL -> "equal";
            case PENDING -> "differ, changes not written yet (check again after the next checkpoint)";
            case DIFFERENT -> "DIFFER although every change is written";
          });
    }
    return 0;
  }
}
