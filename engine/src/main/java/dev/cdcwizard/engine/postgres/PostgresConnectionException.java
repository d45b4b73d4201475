package dev.cdcwizard.engine.postgres;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;
import java.sql.SQLException;
import java.util.Optional;

/** A connection attempt failed; {@link #failure()} says why, {@link #problem()} and {@link #fix()} what to show. */
public final class PostgresConnectionException extends Exception implements UserFailure {
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

  @Override
  public UserMessage problem() {
    return problem;
  }

  public UserMessage fix() {
    return fix;
  }

  @Override
  public Optional<UserMessage> suggestedFix() {
    return Optional.of(fix);
  }

  @Override
  public FailureKind kind() {
    return FailureKind.SOURCE_UNAVAILABLE;
  }
}
