package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.catalog.Catalog;
import dev.cdcwizard.engine.postgres.catalog.CatalogReader;
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
    TableListPrinter.print(tables, columns, locale(), out);
    return 0;
  }
}
