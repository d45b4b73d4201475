package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.UserMessage;
import java.util.Objects;

/**
 * The outcome of one check: what was found and, when something is wrong, the fix as SQL or a
 * configuration line ({@code ""} when there is none; lines starting with {@code --} need a human).
 */
public record CheckResult(PreflightCheck check, CheckStatus status, UserMessage message, String fix) {

  public CheckResult {
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(message, "message");
    fix = fix == null ? "" : fix.strip();
  }

  static CheckResult pass(PreflightCheck check, PostgresMessage key, Object... arguments) {
    return new CheckResult(check, CheckStatus.PASS, UserMessage.of(key, arguments), "");
  }

  static CheckResult warn(PreflightCheck check, String fix, PostgresMessage key, Object... arguments) {
    return new CheckResult(check, CheckStatus.WARN, UserMessage.of(key, arguments), fix);
  }

  static CheckResult fail(PreflightCheck check, String fix, PostgresMessage key, Object... arguments) {
    return new CheckResult(check, CheckStatus.FAIL, UserMessage.of(key, arguments), fix);
  }

  public boolean hasFix() {
    return !fix.isEmpty();
  }
}
