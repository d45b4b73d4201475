package dev.cdcwizard.engine.monitor;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;

/** A pipeline's job ended in failure; {@link #problem()} is the user's message, the stack trace in details. */
public final class JobFailedException extends Exception implements UserFailure {
  private final transient UserMessage problem;
  private final String details;

  public JobFailedException(UserMessage problem, String details) {
    super(problem.english());
    this.problem = problem;
    this.details = details;
  }

  @Override
  public UserMessage problem() {
    return problem;
  }

  @Override
  public FailureKind kind() {
    return FailureKind.FAILED;
  }

  /** The job's stack trace, for the log and an error dialog's details. */
  public String details() {
    return details;
  }
}
