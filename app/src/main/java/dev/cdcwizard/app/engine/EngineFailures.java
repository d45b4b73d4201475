package dev.cdcwizard.app.engine;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.monitor.JobFailedException;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.flink.util.ExceptionUtils;

/**
 * What a failed start or a failed pipeline means for the user, as the command line says it: the
 * engine's refusals, a source that cannot be reached, a job failure no restart cures. Empty for what
 * the engine did not foresee; the step then says what it was doing.
 */
public final class EngineFailures {
  private EngineFailures() {}

  /** The problem and its fix, when the engine knows what {@code failure} means. */
  public static Optional<Problem> of(Throwable failure) {
    Optional<PipelineRefusedException> refused = ExceptionUtils.findThrowable(failure, PipelineRefusedException.class);
    if (refused.isPresent()) {
      return Optional.of(refusal(refused.get().refusals()));
    }
    Optional<JobFailedException> job = ExceptionUtils.findThrowable(failure, JobFailedException.class);
    if (job.isPresent()) {
      return Optional.of(new Problem(UserMessages.of(job.get().problem()), Message.of("wizard.launch.failedFix")));
    }
    Optional<PostgresConnectionException> connection =
        ExceptionUtils.findThrowable(failure, PostgresConnectionException.class);
    if (connection.isPresent()) {
      return Optional.of(new Problem(UserMessages.of(connection.get().problem()),
          UserMessages.of(connection.get().fix())));
    }
    return ofJobFailure(ExceptionUtils.stringifyException(failure));
  }

  /** The problem and fix of a job failure read from its stack trace, when no restart can cure it. */
  public static Optional<Problem> ofJobFailure(String stackTrace) {
    return JobFailureClassifier.permanentCause(stackTrace)
        .map(cause -> new Problem(UserMessages.of(cause), Message.of("wizard.launch.failedFix")));
  }

  private static Problem refusal(List<Refusal> refusals) {
    Message first = UserMessages.of(refusals.get(0).problem());
    Message problem = refusals.size() == 1 ? first
        : Message.of("wizard.launch.refusedMore", first, refusals.size() - 1);
    String fixes = refusals.stream().map(Refusal::fix).filter(fix -> !fix.isEmpty())
        .collect(Collectors.joining("\n"));
    return new Problem(problem, fixes.isEmpty() ? Message.of("wizard.launch.refusedFix")
        : Message.of("wizard.launch.refusedFixSql", fixes));
  }

  /** What went wrong and what to do about it, in the user's words. */
  public record Problem(Message problem, Message fix) {}
}
