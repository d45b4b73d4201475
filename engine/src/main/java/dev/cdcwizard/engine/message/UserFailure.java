package dev.cdcwizard.engine.message;

import java.util.Locale;
import java.util.Optional;

/**
 * An engine failure a user can meet, told the same way by the command line and the wizard: what is
 * wrong and what to do about it, by message key, in the user's language. {@link UserFailures#of}
 * finds it among an exception's causes.
 */
public interface UserFailure {
  UserMessage problem();

  /** What to do about it; empty when the problem says it already. */
  default Optional<UserMessage> suggestedFix() {
    return Optional.empty();
  }

  FailureKind kind();

  /** Everything the user is told, as the command line prints it: the problem, then its fix. */
  default String text(Locale locale) {
    return problem().text(locale) + suggestedFix().map(fix -> "\n" + fix.text(locale)).orElse("");
  }
}
