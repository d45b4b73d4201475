package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.Optional;

/** The Iceberg catalog or its storage cannot be used; {@link #problem()} and {@link #fix()} say why and what to do. */
public final class IcebergTargetException extends Exception implements UserFailure {
  private final UserMessage problem;
  private final UserMessage fix;

  public IcebergTargetException(UserMessage problem, UserMessage fix, Throwable cause) {
    super(problem.english(), cause);
    this.problem = problem;
    this.fix = fix;
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
    return FailureKind.TARGET_UNAVAILABLE;
  }
}
