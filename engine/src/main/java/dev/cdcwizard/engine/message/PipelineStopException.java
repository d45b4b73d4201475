package dev.cdcwizard.engine.message;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The engine stopped a running job because going on would write a wrong row. A job's failure reaches
 * the client only as a stack trace's text (a remote cluster reports nothing else), so the message
 * starts with a code, {@code {{cdc-wizard:key:argument:...}}}, that {@link #find} reads back into the
 * message key and its arguments: the user's message is told by that code, never by the English after it.
 */
public final class PipelineStopException extends IllegalStateException implements UserFailure {
  private static final long serialVersionUID = 1L;
  private static final String PREFIX = "{{cdc-wizard:";
  private static final Pattern CODE = Pattern.compile("\\{\\{cdc-wizard:([A-Za-z0-9.]+)((?::[^:}\\s]*)*)}}");

  private final transient EngineMessage message;
  private final List<String> arguments;

  public PipelineStopException(EngineMessage message, Object... arguments) {
    super(code(message, arguments) + " " + message.english(arguments));
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

  private static String code(EngineMessage message, Object... arguments) {
    StringBuilder code = new StringBuilder(PREFIX).append(message.key());
    for (Object argument : arguments) {
      code.append(':').append(URLEncoder.encode(String.valueOf(argument), StandardCharsets.UTF_8));
    }
    return code.append("}}").toString();
  }

  /** The first stop code in {@code text} (a stack trace), as its message and arguments. */
  public static Optional<Stop> find(String text) {
    if (text == null || !text.contains(PREFIX)) {
      return Optional.empty();
    }
    Matcher matcher = CODE.matcher(text);
    while (matcher.find()) {
      Optional<EngineMessage> message = EngineMessage.byKey(matcher.group(1));
      if (message.isPresent()) {
        List<String> arguments = matcher.group(2).isEmpty() ? List.of() : Arrays.stream(
            matcher.group(2).substring(1).split(":", -1))
            .map(argument -> URLDecoder.decode(argument, StandardCharsets.UTF_8)).toList();
        return Optional.of(new Stop(message.get(), arguments));
      }
    }
    return Optional.empty();
  }

  /** A stop read back from its code. */
  public record Stop(EngineMessage message, List<String> arguments) {}
}
