package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.postgres.PostgresEndpoint;
import java.time.Duration;
import picocli.CommandLine.Help.Visibility;
import picocli.CommandLine.Option;

/** Where the PostgreSQL commands connect to; the options of psql where psql has one. */
final class PostgresOptions {
  @Option(names = "--host", defaultValue = "localhost", description = "Server host (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(names = {"-p", "--port"}, defaultValue = "5432", description = "Server port (default: ${DEFAULT-VALUE}).")
  int port;

  @Option(names = {"-d", "--database"}, defaultValue = "postgres", description = "Database (default: ${DEFAULT-VALUE}).")
  String database;

  @Option(names = {"-U", "--user"}, defaultValue = "postgres", description = "User (default: ${DEFAULT-VALUE}).")
  String user;

  // never shown in the help: the default comes from the environment and is a secret
  @Option(names = "--password", defaultValue = "${env:PGPASSWORD}", showDefaultValue = Visibility.NEVER,
      description = "Password (default: the PGPASSWORD environment variable).")
  String password;

  @Option(names = "--sslmode", defaultValue = "prefer",
      description = "disable, allow, prefer, require, verify-ca or verify-full (default: ${DEFAULT-VALUE}).")
  String sslMode;

  @Option(names = "--connect-timeout", defaultValue = "10", description = "Seconds to wait for the server (default: ${DEFAULT-VALUE}).")
  int connectTimeoutSeconds;

  PostgresEndpoint endpoint() {
    return new PostgresEndpoint(host, port, database, user, password,
        PostgresEndpoint.SslMode.fromJdbcValue(sslMode));
  }

  PostgresConnector connector() {
    return new PostgresConnector(Duration.ofSeconds(connectTimeoutSeconds));
  }
}
