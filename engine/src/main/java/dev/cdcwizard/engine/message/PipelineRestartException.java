package dev.cdcwizard.engine.message;

import java.util.Optional;

/**
 * A failure inside a job that its restart is the fix for: the job fails, Flink restarts it, and the
 * restart does what is needed (copies again from a new slot, for one). Unlike {@link PipelineStopException}
 * it is no stop, so the command line and the wizard do not end the job on it; its message starts with a
 * {@link MessageCode} of its own kind, which {@link #find} reads back so that {@code status} can say in the
 * user's language why the job restarted.
 */
public final class PipelineRestartException extends IllegalStateException {
  private static final long serialVersionUID = 1L;
  private static final MessageCode CODE = new MessageCode("-restart");

  public PipelineRestartException(EngineMessage message, Object... arguments) {
    super(CODE.write(message, arguments) + " " + message.english(arguments));
  }

  /** The first restart in {@code text} (a stack trace), as the user's message. */
  public static Optional<UserMessage> find(String text) {
    return CODE.find(text);
  }
}
