package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.preview.PostgresTargetPreview;
import dev.cdcwizard.engine.preview.UnknownOrderColumnException;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.sink.postgres.CatalogTable;
import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** {@code preview} for a PostgreSQL target: columns, first rows and row counts, read from the target. */
final class PostgresPreviewPrinter {
  private static final TextColumns COLUMNS = TextColumns.of("  %-30s %-28s%s%s%n");

  private final PrintWriter out;
  private final PrintWriter err;
  private final Locale locale;

  PostgresPreviewPrinter(PrintWriter out, PrintWriter err, Locale locale) {
    this.out = out;
    this.err = err;
    this.locale = locale;
  }

  /** @return the exit code */
  int print(PipelineDefinition definition, TargetTableOptions chosen, String orderBy, int limit) throws SQLException {
    PostgresTargetPreview preview = new PostgresTargetPreview(definition);
    Map<TableId, List<TableId>> targets = preview.targets();
    targets.keySet().retainAll(chosen.chosen(targets.keySet()));
    if (chosen.namesNone(targets.keySet(), err, locale)) {
      return ExitCode.INVALID_INPUT;
    }
    for (Map.Entry<TableId, List<TableId>> target : targets.entrySet()) {
      out.println("== " + CliMessage.PREVIEW_TABLE.format(locale, target.getKey(), target.getValue()));
      Optional<PostgresTargetPreview.TargetRead> read;
      try {
        read = preview.read(target.getKey(), target.getValue(), orderBy, limit, true);
      } catch (UnknownOrderColumnException e) {
        err.println(CliMessage.PREVIEW_UNKNOWN_ORDER_BY.format(locale, e.orderBy(), target.getKey(),
            String.join(", ", e.columns())));
        return ExitCode.INVALID_INPUT;
      }
      if (read.isEmpty()) {
        out.println(CliMessage.PREVIEW_MISSING.format(locale));
        continue;
      }
      print(read.get());
      read.get().health().ifPresent(health -> TableHealthCommand.printVerdict(health, locale, out));
    }
    return 0;
  }

  private void print(PostgresTargetPreview.TargetRead read) {
    printColumns(read.table(), locale, out);
    for (Map<String, String> row : read.rows()) {
      out.println("  " + String.join(" | ", row.values().stream().map(String::valueOf).toList()));
    }
    RowCountCheck counts = read.counts().orElseThrow();
    out.println(CliMessage.PREVIEW_ROWS.format(locale, counts.sourceRows(), counts.targetRows(),
        (switch (counts.verdict()) {
          case EQUAL -> CliMessage.PREVIEW_ROWS_EQUAL;
          case PENDING -> CliMessage.PREVIEW_ROWS_NOT_WRITTEN;
          case DIFFERENT -> CliMessage.PREVIEW_ROWS_DIFFERENT_WRITTEN;
        }).format(locale)));
  }

  /** The target table's columns: name and type in columns, then whether it is NOT NULL and in the key. */
  static void printColumns(CatalogTable table, Locale locale, PrintWriter out) {
    table.columns().forEach(column -> out.print(COLUMNS.line(column.name(), column.type(),
        column.notNull() ? " " + CliMessage.PREVIEW_NOT_NULL.format(locale) : "",
        table.primaryKey().contains(column.name()) ? " " + CliMessage.PREVIEW_KEY.format(locale) : "")));
  }
}
