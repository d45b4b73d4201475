package dev.cdcwizard.app.step.check;

import dev.cdcwizard.i18n.Message;

/** One preflight check as the check step shows it: outcome, what was checked, why it matters, the fix. */
public record CheckItem(Status status, Message title, Message explanation, String fixSql) {
  public enum Status { PASS, WARN, FAIL }
}
