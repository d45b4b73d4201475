package dev.cdcwizard.engine.monitor;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineRestartException;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a failure inside a running job means for the user, read from its stack trace (the only form a
 * remote cluster reports it in). The job decides that itself wherever the engine can, by exception type and
 * SQLSTATE, never by a server's words: the engine's refusals, the stream's and the copies' PostgreSQL errors
 * no restart cures ({@code PermanentServerErrors}) and the target's ({@code TargetRefusals}) end it with a
 * {@link PipelineStopException}, whose code the trace carries. The English rules below are left for the one
 * place the engine cannot wrap: Flink CDC's enumerator, which gets or creates the slot on the JobManager as
 * a job starts (its source narrows {@code createEnumerator} to its own class); a server that words them in
 * another language restarts there before it fails. Anything else (a lost connection, a server restarting)
 * is left to the restart strategy.
 */
public final class JobFailureClassifier {
  private static final List<Rule> RULES = List.of(
      rule("publication \"([^\"]+)\" does not exist",
          m -> UserMessage.of(EngineMessage.FAILURE_PUBLICATION_MISSING, m.group(1))),
      rule("replication slot \"([^\"]+)\" does not exist",
          m -> UserMessage.of(EngineMessage.FAILURE_SLOT_MISSING, m.group(1))),
      rule("(must be superuser or replication role[^\\n]*|permission denied to start WAL sender[^\\n]*"
          + "|must have REPLICATION[^\\n]*)", m -> UserMessage.of(EngineMessage.FAILURE_REPLICATION_ROLE)),
      rule("(permission denied for (?:table|relation|schema|database) [^\\s\"]+)",
          m -> UserMessage.of(EngineMessage.FAILURE_PERMISSION, m.group(1))),
      rule("relation \"([^\"]+)\" does not exist",
          m -> UserMessage.of(EngineMessage.FAILURE_TABLE_MISSING, m.group(1))));

  private JobFailureClassifier() {}

  /** The user's message for a failure no restart cures, or empty when a restart may. */
  public static Optional<UserMessage> permanentCause(String stackTrace) {
    if (stackTrace == null) {
      return Optional.empty();
    }
    Optional<UserMessage> stop = PipelineStopException.find(stackTrace);
    if (stop.isPresent()) {
      return stop;
    }
    for (Rule rule : RULES) {
      Matcher matcher = rule.pattern().matcher(stackTrace);
      if (matcher.find()) {
        return Optional.of(rule.message().apply(matcher));
      }
    }
    return Optional.empty();
  }

  /** Why the job restarts by itself, when the engine failed it for the restart to fix (not a stop). */
  public static Optional<UserMessage> restartCause(String stackTrace) {
    return PipelineRestartException.find(stackTrace);
  }

  private static Rule rule(String regex, Function<Matcher, UserMessage> message) {
    return new Rule(Pattern.compile(regex), message);
  }

  private record Rule(Pattern pattern, Function<Matcher, UserMessage> message) {}
}
