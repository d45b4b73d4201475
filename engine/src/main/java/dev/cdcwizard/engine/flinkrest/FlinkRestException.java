package dev.cdcwizard.engine.flinkrest;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;
import java.io.IOException;

/**
 * A Flink REST call that failed, with a message for the user: what went wrong and what to do. The
 * cluster's own error text (often a stack trace) is kept as {@link #details()} for the log.
 */
public final class FlinkRestException extends IOException implements UserFailure {
  private final transient UserMessage problem;
  private final String details;

  public FlinkRestException(UserMessage problem, String details, Throwable cause) {
    super(problem.english(), cause);
    this.problem = problem;
    this.details = details;
  }

  public FlinkRestException(FlinkRestMessage message, Object... arguments) {
    this(UserMessage.of(message, arguments), "", null);
  }

  @Override
  public UserMessage problem() {
    return problem;
  }

  @Override
  public FailureKind kind() {
    return FailureKind.FLINK_UNAVAILABLE;
  }

  public String details() {
    return details;
  }
}
