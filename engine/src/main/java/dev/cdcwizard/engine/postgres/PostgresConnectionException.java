package dev.cdcwizard.engine.postgres;

import java.sql.SQLException;

/** A connection attempt failed; {@link #failure()} says why, {@link #problem()} and {@link #fix()} what to show. */
public final class PostgresConnectionException extends Exception {
  private final ConnectionFailure failure;
  private final UserMessage problem;
  private final UserMessage fix;

  public PostgresConnectionException(ConnectionFailure failure, UserMessage problem, UserMessage fix,
      SQLException cause) {
    super(problem.english(), cause);
    this.failure = failure;
    this.problem = problem;
    this.fix = fix;
  }

  public ConnectionFailure failure() {
    return failure;
  }

  public UserMessage problem() {
    return problem;
  }

  public UserMessage fix() {
    return fix;
  }
}
