package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.time.Duration;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/** Where the PostgreSQL commands connect to; the options of psql where psql has one. */
final class PostgresOptions {
  @Option(names = "--host", defaultValue = "localhost", descriptionKey = "cli.help.postgres.host")
  String host;

  @Option(names = {"-p", "--port"}, defaultValue = "5432", descriptionKey = "cli.help.postgres.port")
  int port;

  @Option(names = {"-d", "--database"}, defaultValue = "postgres", descriptionKey = "cli.help.postgres.database")
  String database;

  @Option(names = {"-U", "--user"}, defaultValue = "postgres", descriptionKey = "cli.help.postgres.user")
  String user;

  // never shown in the help: the default comes from the environment and is a secret
  @Option(names = "--password", defaultValue = "${env:PGPASSWORD}", showDefaultValue = Visibility.NEVER,
      descriptionKey = "cli.help.postgres.password")
  String password;

  @Option(names = "--sslmode", defaultValue = "prefer", descriptionKey = "cli.help.postgres.sslMode")
  String sslMode;

  @Option(names = "--connect-timeout", defaultValue = "10", descriptionKey = "cli.help.postgres.connectTimeout")
  int connectTimeoutSeconds;

  PostgresEndpoint endpoint() {
    return new PostgresEndpoint(host, port, database, user, password,
        PostgresEndpoint.SslMode.fromJdbcValue(sslMode));
  }

  PostgresConnector connector() {
    return new PostgresConnector(Duration.ofSeconds(connectTimeoutSeconds));
  }
}
