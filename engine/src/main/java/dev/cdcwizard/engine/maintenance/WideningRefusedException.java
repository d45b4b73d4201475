package dev.cdcwizard.engine.maintenance;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.Optional;

/** An Iceberg column was not widened: the source's column is not a type the table's column can widen to. */
public final class WideningRefusedException extends Exception implements UserFailure {
  private final UserMessage problem;

  WideningRefusedException(UserMessage problem) {
    super(problem.english());
    this.problem = problem;
  }

  @Override
  public UserMessage problem() {
    return problem;
  }

  @Override
  public Optional<UserMessage> suggestedFix() {
    return Optional.of(UserMessage.of(MaintenanceMessage.WIDEN_REFUSED_FIX));
  }

  @Override
  public FailureKind kind() {
    return FailureKind.REFUSED;
  }
}
