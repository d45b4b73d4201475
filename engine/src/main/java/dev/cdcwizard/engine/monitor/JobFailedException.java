package dev.cdcwizard.engine.monitor;

import dev.cdcwizard.engine.postgres.UserMessage;

/** A pipeline's job ended in failure; {@link #problem()} is the user's message, the stack trace in details. */
public final class JobFailedException extends Exception {
  private final transient UserMessage problem;
  private final String details;

  public JobFailedException(UserMessage problem, String details) {
    super(problem.english());
    this.problem = problem;
    this.details = details;
  }

  public UserMessage problem() {
    return problem;
  }

  /** The job's stack trace, for the log and an error dialog's details. */
  public String details() {
    return details;
  }
}
