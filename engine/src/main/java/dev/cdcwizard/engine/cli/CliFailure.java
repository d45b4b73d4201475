package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserFailures;
import dev.cdcwizard.engine.message.UserMessage;
import java.io.IOException;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * What the command line tells the user about a failure, and its exit code: the engine's one
 * translation ({@link UserFailures}) in the user's language, or for what it did not foresee, the cause
 * and where the log is. The stack trace goes to the log only.
 *
 * @param expected whether the failure is a mistake the user can fix (logged without alarm) rather than
 *     something CDC Wizard did not foresee
 */
record CliFailure(Function<Locale, String> text, int exitCode, boolean expected) {

  static CliFailure of(Throwable failure) {
    Optional<UserFailure> known = UserFailures.of(failure);
    if (known.isPresent()) {
      return new CliFailure(known.get()::text, ExitCode.of(known.get().kind()), true);
    }
    String cause = failure instanceof IOException io && io.getMessage() != null ? io.getMessage()
        : UserFailures.rootCause(failure);
    return new CliFailure(UserMessage.of(EngineMessage.UNEXPECTED, cause, CliLogging.logFile())::text,
        ExitCode.FAILED, false);
  }
}
