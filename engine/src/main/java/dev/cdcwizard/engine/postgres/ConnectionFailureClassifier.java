package dev.cdcwizard.engine.postgres;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;

/**
 * Maps what pgJDBC throws on connect to a {@link ConnectionFailure}: first by SQLState, which the
 * server sets and which does not depend on its language, then by the network exception inside.
 */
public final class ConnectionFailureClassifier {
  private static final String UNABLE_TO_CONNECT = "08001";

  private ConnectionFailureClassifier() {}

  /**
   * pgJDBC's loginTimeout ends an attempt with a bare 08001 ("Connection attempt timed out.", in
   * the JVM's language), so a failure that took the whole timeout counts as a timeout.
   */
  public static ConnectionFailure classify(SQLException e, Duration elapsed, Duration timeout) {
    ConnectionFailure failure = classify(e);
    boolean tookTheWholeTimeout = elapsed.compareTo(timeout) >= 0;
    return failure == ConnectionFailure.OTHER && UNABLE_TO_CONNECT.equals(e.getSQLState()) && tookTheWholeTimeout
        ? ConnectionFailure.TIMEOUT : failure;
  }

  public static ConnectionFailure classify(SQLException e) {
    String state = e.getSQLState() == null ? "" : e.getSQLState();
    String message = e.getMessage() == null ? "" : e.getMessage().toLowerCase(Locale.ROOT);
    switch (state) {
      case "28P01":
        return ConnectionFailure.WRONG_PASSWORD;
      case "28000":
        return classifyAuthorizationFailure(message);
      case "3D000":
        return ConnectionFailure.DATABASE_MISSING;
      case "53300":
        return ConnectionFailure.TOO_MANY_CONNECTIONS;
      case "57P03":
        return ConnectionFailure.SERVER_STARTING;
      case "42501":
        return ConnectionFailure.PERMISSION_DENIED;
      case "08004":
        // pgJDBC's "The server does not support SSL." under sslmode=require
        return message.contains("ssl") ? ConnectionFailure.SSL_UNAVAILABLE : ConnectionFailure.OTHER;
      default:
        return classifyNetworkFailure(e);
    }
  }

  /**
   * 28000 covers both a pg_hba.conf rejection and an unknown role; the server's English text is the
   * only way to tell them apart ("no encryption" names a rule that wants SSL).
   */
  private static ConnectionFailure classifyAuthorizationFailure(String message) {
    if (message.contains("no encryption")) {
      return ConnectionFailure.SSL_REQUIRED;
    }
    if (message.contains("role") && message.contains("does not exist")) {
      return ConnectionFailure.ROLE_MISSING;
    }
    return ConnectionFailure.NOT_ALLOWED_BY_HBA;
  }

  private static ConnectionFailure classifyNetworkFailure(SQLException e) {
    for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
      if (cause instanceof UnknownHostException) {
        return ConnectionFailure.UNKNOWN_HOST;
      }
      if (cause instanceof SocketTimeoutException) {
        return ConnectionFailure.TIMEOUT;
      }
      if (cause instanceof NoRouteToHostException) {
        return ConnectionFailure.HOST_UNREACHABLE;
      }
      if (cause instanceof ConnectException) {
        return ConnectionFailure.CONNECTION_REFUSED;
      }
    }
    return ConnectionFailure.OTHER;
  }
}
