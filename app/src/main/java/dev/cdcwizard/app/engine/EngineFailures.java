package dev.cdcwizard.app.engine;

import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserFailures;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.i18n.Message;
import java.util.Optional;
import org.apache.flink.util.ExceptionUtils;

/**
 * What a failure means for the user, in the words the command line uses: the engine's one translation
 * ({@link UserFailures}), with the wizard's own fix where the engine's message says none. Empty for what
 * the engine did not foresee; the step then says what it was doing.
 */
public final class EngineFailures {
  private EngineFailures() {}

  /** The problem and its fix, when the engine knows what {@code failure} means. */
  public static Optional<Problem> of(Throwable failure) {
    Optional<UserFailure> known = UserFailures.of(failure);
    if (known.isPresent()) {
      return known.map(EngineFailures::problem);
    }
    return ofJobFailure(ExceptionUtils.stringifyException(failure));
  }

  /**
   * What {@code failure} means, with the step's own words where the engine has none: its fix where
   * the engine's message suggests none, its problem too when the engine did not foresee the failure.
   */
  public static Problem orElse(Throwable failure, Message problem, Message fix) {
    Optional<UserFailure> known = UserFailures.of(failure);
    if (known.isPresent()) {
      return new Problem(UserMessages.of(known.get().problem()),
          known.get().suggestedFix().map(UserMessages::of).orElse(fix));
    }
    return ofJobFailure(ExceptionUtils.stringifyException(failure)).orElse(new Problem(problem, fix));
  }

  /** The problem and fix of a job failure read from its stack trace, when no restart can cure it. */
  public static Optional<Problem> ofJobFailure(String stackTrace) {
    return JobFailureClassifier.permanentCause(stackTrace)
        .map(cause -> new Problem(UserMessages.of(cause), Message.of("wizard.launch.failedFix")));
  }

  private static Problem problem(UserFailure failure) {
    Message fix = failure.suggestedFix().map(UserMessages::of).orElseGet(() -> failure.kind() == FailureKind.FAILED
        ? Message.of("wizard.launch.failedFix") : Message.of("wizard.launch.refusedFix"));
    return new Problem(UserMessages.of(failure.problem()), fix);
  }

  /** What went wrong and what to do about it, in the user's words. */
  public record Problem(Message problem, Message fix) {}
}
