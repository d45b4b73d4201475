package dev.cdcwizard.engine.monitor;

import dev.cdcwizard.engine.message.PipelineRestartException;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.Optional;

/**
 * What a failure inside a running job means for the user, read from its stack trace (the only form a
 * remote cluster reports it in). The job decides that itself, by exception type and SQLSTATE, never by a
 * server's words: the engine's refusals, the PostgreSQL errors no restart cures met by the stream's readers,
 * its enumerator ({@code ChangeSource}) and the copies ({@code PermanentServerErrors}), and the target's
 * ({@code TargetRefusals}) end it with a {@link PipelineStopException}, whose code the trace carries.
 * Anything else (a lost connection, a server restarting) is left to the restart strategy.
 */
public final class JobFailureClassifier {
  private JobFailureClassifier() {}

  /** The user's message for a failure no restart cures, or empty when a restart may. */
  public static Optional<UserMessage> permanentCause(String stackTrace) {
    return stackTrace == null ? Optional.empty() : PipelineStopException.find(stackTrace);
  }

  /** Why the job restarts by itself, when the engine failed it for the restart to fix (not a stop). */
  public static Optional<UserMessage> restartCause(String stackTrace) {
    return PipelineRestartException.find(stackTrace);
  }
}
