package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.Optional;

/** {@code verify --repair} was not done, because no repair of this pipeline's target could stay exact now. */
public final class RepairRefusedException extends Exception implements UserFailure {
  private final UserMessage problem;
  private final UserMessage fix;

  RepairRefusedException(UserMessage problem, UserMessage fix) {
    super(problem.english());
    this.problem = problem;
    this.fix = fix;
  }

  @Override
  public UserMessage problem() {
    return problem;
  }

  @Override
  public Optional<UserMessage> suggestedFix() {
    return Optional.of(fix);
  }

  @Override
  public FailureKind kind() {
    return FailureKind.REFUSED;
  }
}
