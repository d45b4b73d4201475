package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import java.util.Locale;
import java.util.Objects;

/**
 * The outcome of one check: what was found and, when something is wrong, the fix as SQL or a
 * configuration line ({@link FixSql#NONE} when there is none; lines starting with {@code --} need a human).
 */
public record CheckResult(PreflightCheck check, CheckStatus status, UserMessage message, FixSql fixSql) {

  public CheckResult {
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(message, "message");
    fixSql = fixSql == null ? FixSql.NONE : fixSql;
  }

  /** A fix without notes; {@code ""} or null for none. */
  public CheckResult(PreflightCheck check, CheckStatus status, UserMessage message, String fix) {
    this(check, status, message, FixSql.sql(fix));
  }

  static CheckResult pass(PreflightCheck check, PostgresMessage key, Object... arguments) {
    return new CheckResult(check, CheckStatus.PASS, UserMessage.of(key, arguments), FixSql.NONE);
  }

  static CheckResult warn(PreflightCheck check, String fix, PostgresMessage key, Object... arguments) {
    return warn(check, FixSql.sql(fix), key, arguments);
  }

  static CheckResult warn(PreflightCheck check, FixSql fix, PostgresMessage key, Object... arguments) {
    return new CheckResult(check, CheckStatus.WARN, UserMessage.of(key, arguments), fix);
  }

  static CheckResult fail(PreflightCheck check, String fix, PostgresMessage key, Object... arguments) {
    return fail(check, FixSql.sql(fix), key, arguments);
  }

  static CheckResult fail(PreflightCheck check, FixSql fix, PostgresMessage key, Object... arguments) {
    return new CheckResult(check, CheckStatus.FAIL, UserMessage.of(key, arguments), fix);
  }

  public boolean hasFix() {
    return !fixSql.isEmpty();
  }

  /** The fix with its notes in English. */
  public String fix() {
    return fixSql.render(UserMessage::english);
  }

  /** The fix with its notes in the supported language closest to {@code language}. */
  public String fix(Locale language) {
    return fixSql.render(note -> note.text(language));
  }
}
