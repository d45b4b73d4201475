package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.TableName;
import java.io.PrintWriter;
import java.sql.Connection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that works on one database: connects and runs. A failure (no connection, an SQL error)
 * reaches {@link CliErrors}, which says what it means; {@link ExitCode#FAILED} when the work found a
 * problem.
 */
abstract class PostgresCommand implements Callable<Integer> {
  @Mixin
  PostgresOptions postgres;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    try (Connection connection = postgres.connector().open(postgres.endpoint())) {
      return run(connection, spec.commandLine().getOut());
    }
  }

  abstract int run(Connection connection, PrintWriter out) throws Exception;

  PrintWriter err() {
    return spec.commandLine().getErr();
  }

  Locale locale() {
    return ((CdcWizardCli) spec.root().userObject()).locale();
  }

  static List<TableName> parseTables(List<String> tables) {
    return tables.stream().map(TableName::parse).distinct().toList();
  }
}
