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
 * An engine message written into an exception's text as a code, {@code {{cdc-wizard<kind>:key:argument:...}}}:
 * a job's failure reaches the client only as a stack trace's text (a remote cluster reports nothing else),
 * and the code reads back into the message key and its arguments, so the user's message is told by it,
 * never by the English after it.
 */
final class MessageCode {
  private final String prefix;
  private final Pattern pattern;

  /** @param kind what follows {@code cdc-wizard} in the code: codes of one kind never read as another's */
  MessageCode(String kind) {
    this.prefix = "{{cdc-wizard" + kind + ":";
    this.pattern = Pattern.compile(Pattern.quote(prefix) + "([A-Za-z0-9.]+)((?::[^:}\\s]*)*)}}");
  }

  String write(EngineMessage message, Object... arguments) {
    StringBuilder code = new StringBuilder(prefix).append(message.key());
    for (Object argument : arguments) {
      code.append(':').append(URLEncoder.encode(String.valueOf(argument), StandardCharsets.UTF_8));
    }
    return code.append("}}").toString();
  }

  /** The first code of this kind in {@code text}, as its message and arguments. */
  Optional<UserMessage> find(String text) {
    if (text == null || !text.contains(prefix)) {
      return Optional.empty();
    }
    Matcher matcher = pattern.matcher(text);
    while (matcher.find()) {
      Optional<EngineMessage> message = EngineMessage.byKey(matcher.group(1));
      if (message.isPresent()) {
        List<Object> arguments = matcher.group(2).isEmpty() ? List.of() : Arrays.stream(
            matcher.group(2).substring(1).split(":", -1))
            .<Object>map(argument -> URLDecoder.decode(argument, StandardCharsets.UTF_8)).toList();
        return Optional.of(new UserMessage(message.get(), arguments));
      }
    }
    return Optional.empty();
  }
}
