package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.postgres.UserMessage;

/** The Iceberg catalog or its storage cannot be used; {@link #problem()} and {@link #fix()} say why and what to do. */
public final class IcebergTargetException extends Exception {
  private final UserMessage problem;
  private final UserMessage fix;

  public IcebergTargetException(UserMessage problem, UserMessage fix, Throwable cause) {
    super(problem.english(), cause);
    this.problem = problem;
    this.fix = fix;
  }

  public UserMessage problem() {
    return problem;
  }

  public UserMessage fix() {
    return fix;
  }
}
