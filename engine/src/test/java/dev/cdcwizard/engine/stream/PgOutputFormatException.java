package dev.cdcwizard.engine.stream;

/**
 * A replication message that is not pgoutput protocol version 1 as this decoder reads it: a message
 * type it does not know, a truncated message, or bytes left over. The stream cannot go on past it.
 */
public final class PgOutputFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PgOutputFormatException(String message) {
    super(message);
  }
}
