package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.catalog.Catalog;
import dev.cdcwizard.engine.postgres.catalog.CatalogReader;
import dev.cdcwizard.engine.postgres.catalog.ColumnInfo;
import dev.cdcwizard.engine.postgres.catalog.TableInfo;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "tables", mixinStandardHelpOptions = true)
final class TablesCommand extends PostgresCommand {
  @Option(names = "--schema", descriptionKey = "cli.help.tables.schema")
  String schema;

  @Option(names = "--columns", descriptionKey = "cli.help.tables.columns")
  boolean columns;

  @Override
  int run(Connection connection, PrintWriter out) throws SQLException {
    Catalog catalog = new CatalogReader(connection).read();
    List<TableInfo> tables = schema == null ? catalog.tables() : catalog.tablesIn(schema);
    out.printf("%-40s %-17s %12s %12s  %-8s %s%n", "TABLE", "KIND", "EST. ROWS", "SIZE", "IDENTITY", "PRIMARY KEY");
    for (TableInfo table : tables) {
      out.printf("%-40s %-17s %12s %12s  %-8s %s%n", table.name(), table.kind(),
          table.estimatedRows() < 0 ? "?" : Long.toString(table.estimatedRows()), table.estimatedSizeBytes(),
          table.replicaIdentity(), table.hasPrimaryKey() ? String.join(", ", table.primaryKey())
              : CliMessage.TABLES_NO_PRIMARY_KEY.format(locale()));
      if (columns) {
        for (ColumnInfo column : table.columns()) {
          out.printf("    %-36s %s%s%n", column.name(), column.type(), column.notNull() ? " NOT NULL" : "");
        }
      }
    }
    out.println(CliMessage.TABLES_COUNT.format(locale(), tables.size()));
    return 0;
  }
}
