package dev.cdcwizard.engine.postgres;

/**
 * Why a connection attempt failed, each reason with what to tell the user and how to fix it. Message
 * arguments: {0} host, {1} port, {2} database, {3} user, {4} timeout in seconds, {5} the driver's text.
 */
public enum ConnectionFailure {
  WRONG_PASSWORD(PostgresMessage.CONNECTION_WRONG_PASSWORD, PostgresMessage.CONNECTION_WRONG_PASSWORD_FIX),
  ROLE_MISSING(PostgresMessage.CONNECTION_ROLE_MISSING, PostgresMessage.CONNECTION_ROLE_MISSING_FIX),
  UNKNOWN_HOST(PostgresMessage.CONNECTION_UNKNOWN_HOST, PostgresMessage.CONNECTION_UNKNOWN_HOST_FIX),
  CONNECTION_REFUSED(PostgresMessage.CONNECTION_REFUSED, PostgresMessage.CONNECTION_REFUSED_FIX),
  HOST_UNREACHABLE(PostgresMessage.CONNECTION_UNREACHABLE, PostgresMessage.CONNECTION_UNREACHABLE_FIX),
  TIMEOUT(PostgresMessage.CONNECTION_TIMEOUT, PostgresMessage.CONNECTION_TIMEOUT_FIX),
  DATABASE_MISSING(PostgresMessage.CONNECTION_DATABASE_MISSING, PostgresMessage.CONNECTION_DATABASE_MISSING_FIX),
  SSL_REQUIRED(PostgresMessage.CONNECTION_SSL_REQUIRED, PostgresMessage.CONNECTION_SSL_REQUIRED_FIX),
  SSL_UNAVAILABLE(PostgresMessage.CONNECTION_SSL_UNAVAILABLE, PostgresMessage.CONNECTION_SSL_UNAVAILABLE_FIX),
  NOT_ALLOWED_BY_HBA(PostgresMessage.CONNECTION_NOT_ALLOWED, PostgresMessage.CONNECTION_NOT_ALLOWED_FIX),
  PERMISSION_DENIED(PostgresMessage.CONNECTION_PERMISSION_DENIED, PostgresMessage.CONNECTION_PERMISSION_DENIED_FIX),
  TOO_MANY_CONNECTIONS(PostgresMessage.CONNECTION_TOO_MANY, PostgresMessage.CONNECTION_TOO_MANY_FIX),
  SERVER_STARTING(PostgresMessage.CONNECTION_SERVER_STARTING, PostgresMessage.CONNECTION_SERVER_STARTING_FIX),
  OTHER(PostgresMessage.CONNECTION_OTHER, PostgresMessage.CONNECTION_OTHER_FIX);

  private final PostgresMessage problem;
  private final PostgresMessage fix;

  ConnectionFailure(PostgresMessage problem, PostgresMessage fix) {
    this.problem = problem;
    this.fix = fix;
  }

  public PostgresMessage problem() {
    return problem;
  }

  public PostgresMessage fix() {
    return fix;
  }
}
