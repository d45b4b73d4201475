package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.TableName;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that works on one database: connects, runs, and turns failures into a message for the
 * user and an exit code (1 the work found a problem, 2 no connection, 3 an SQL error).
 */
abstract class PostgresCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(PostgresCommand.class);

  static final int EXIT_PROBLEM = 1;
  static final int EXIT_NO_CONNECTION = 2;
  static final int EXIT_SQL_ERROR = 3;

  @Mixin
  PostgresOptions postgres;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    try (Connection connection = postgres.connector().open(postgres.endpoint())) {
      return run(connection, spec.commandLine().getOut());
    } catch (PostgresConnectionException e) {
      LOG.debug("No connection to {}", postgres.endpoint(), e);
      err().println(e.problem().english());
      err().println(e.fix().english());
      return EXIT_NO_CONNECTION;
    } catch (SQLException e) {
      LOG.warn("SQL error on {}", postgres.endpoint(), e);
      err().println("SQL error " + e.getSQLState() + ": " + e.getMessage());
      return EXIT_SQL_ERROR;
    }
  }

  abstract int run(Connection connection, PrintWriter out) throws SQLException;

  PrintWriter err() {
    return spec.commandLine().getErr();
  }

  static List<TableName> parseTables(List<String> tables) {
    return tables.stream().map(TableName::parse).distinct().toList();
  }
}
