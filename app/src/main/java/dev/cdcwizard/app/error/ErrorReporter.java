package dev.cdcwizard.app.error;

import dev.cdcwizard.i18n.Message;

/**
 * Where a view-model sends an error it cannot show next to a field. The reporter logs it once and
 * tells the user; view-models get one through their constructor, tests pass their own.
 */
@FunctionalInterface
public interface ErrorReporter {
  /**
   * @param problem what went wrong, in the user's words
   * @param fix what the user can do about it
   * @param cause the technical details, offered behind an expander and copied to the log
   */
  void report(Message problem, Message fix, Throwable cause);
}
