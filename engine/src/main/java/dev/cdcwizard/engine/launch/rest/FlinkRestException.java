package dev.cdcwizard.engine.launch.rest;

import java.io.IOException;

/**
 * A Flink REST call that failed, with a message for the user: what went wrong and what to do. The
 * cluster's own error text (often a stack trace) is kept as {@link #details()} for the log.
 */
public final class FlinkRestException extends IOException {
  private final String details;

  public FlinkRestException(String message, String details, Throwable cause) {
    super(message, cause);
    this.details = details;
  }

  public FlinkRestException(String message) {
    this(message, "", null);
  }

  public String details() {
    return details;
  }
}
