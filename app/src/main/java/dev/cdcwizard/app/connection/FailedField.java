package dev.cdcwizard.app.connection;

import dev.cdcwizard.engine.postgres.ConnectionFailure;

/** Which field a failed connection test blames, so that its error is shown where the user will fix it. */
final class FailedField {
  private FailedField() {}

  /** The field to mark, or null when no single field explains the failure (a busy or starting server). */
  static ConnectionField of(ConnectionFailure failure) {
    return switch (failure) {
      case WRONG_PASSWORD -> ConnectionField.PASSWORD;
      case ROLE_MISSING, NOT_ALLOWED_BY_HBA, PERMISSION_DENIED -> ConnectionField.USER;
      case UNKNOWN_HOST, HOST_UNREACHABLE, TIMEOUT -> ConnectionField.HOST;
      case CONNECTION_REFUSED -> ConnectionField.PORT;
      case DATABASE_MISSING -> ConnectionField.DATABASE;
      case SSL_REQUIRED, SSL_UNAVAILABLE -> ConnectionField.SSL_MODE;
      case TOO_MANY_CONNECTIONS, SERVER_STARTING, OTHER -> null;
    };
  }
}
