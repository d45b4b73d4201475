package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import dev.cdcwizard.engine.postgres.catalog.TableKind;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** What {@code tables} prints: a line per table under a header, with {@code --columns} its columns below it. */
final class TableListPrinter {
  private static final TextColumns TABLES = TextColumns.of("%-40s %-17s %12s %12s  %-8s %s%n");
  private static final TextColumns COLUMNS = TextColumns.of("    %-36s %s%s%n");

  private TableListPrinter() {}

  static void print(List<TableInfo> tables, boolean columns, Locale locale, PrintWriter out) {
    String[] headers = CliMessage.texts(locale, CliMessage.TABLES_COLUMN_TABLE, CliMessage.TABLES_COLUMN_KIND,
        CliMessage.TABLES_COLUMN_ESTIMATED_ROWS, CliMessage.TABLES_COLUMN_SIZE,
        CliMessage.TABLES_COLUMN_REPLICA_IDENTITY, CliMessage.TABLES_COLUMN_PRIMARY_KEY);
    TextColumns lines = TABLES.fitting(headers);
    out.print(lines.line((Object[]) headers));
    for (TableInfo table : tables) {
      out.print(lines.line(table.name(), kind(table.kind()).format(locale),
          table.estimatedRows() < 0 ? "?" : Long.toString(table.estimatedRows()), table.estimatedSizeBytes(),
          table.replicaIdentity(), table.hasPrimaryKey() ? String.join(", ", table.primaryKey())
              : CliMessage.TABLES_NO_PRIMARY_KEY.format(locale)));
      if (columns) {
        for (ColumnInfo column : table.columns()) {
          out.print(COLUMNS.line(column.name(), column.type(), column.notNull() ? " NOT NULL" : ""));
        }
      }
    }
    out.println(CliMessage.TABLES_COUNT.format(locale, tables.size()));
  }

  private static CliMessage kind(TableKind kind) {
    return switch (kind) {
      case TABLE -> CliMessage.TABLES_KIND_TABLE;
      case PARTITIONED_TABLE -> CliMessage.TABLES_KIND_PARTITIONED_TABLE;
      case PARTITION -> CliMessage.TABLES_KIND_PARTITION;
    };
  }
}
