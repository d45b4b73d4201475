package dev.cdcwizard.engine.message;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The engine stopped a running job because going on would write a wrong row. Its message starts with a
 * {@link MessageCode}, which {@link #find} reads back from the stack trace a cluster reports.
 */
public final class PipelineStopException extends IllegalStateException implements UserFailure {
  private static final long serialVersionUID = 1L;
  private static final MessageCode CODE = new MessageCode("");

  private final transient EngineMessage message;
  private final List<String> arguments;

  public PipelineStopException(EngineMessage message, Object... arguments) {
    super(CODE.write(message, arguments) + " " + message.english(arguments));
    this.message = message;
    this.arguments = Arrays.stream(arguments).map(String::valueOf).toList();
  }

  public EngineMessage engineMessage() {
    return message;
  }

  public List<String> arguments() {
    return arguments;
  }

  @Override
  public UserMessage problem() {
    return new UserMessage(message, List.copyOf(arguments));
  }

  @Override
  public FailureKind kind() {
    return FailureKind.FAILED;
  }

  /** The first stop in {@code text} (a stack trace), as the user's message. */
  public static Optional<UserMessage> find(String text) {
    return CODE.find(text);
  }
}
