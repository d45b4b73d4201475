package dev.cdcwizard.engine.message;

import dev.cdcwizard.i18n.Localization;
import java.util.List;
import java.util.Locale;

/**
 * A message for the user as a key plus arguments: the UI and the command line look the key up in the
 * user's language. Arguments are names and numbers, never secrets.
 */
public record UserMessage(MessageKey key, List<Object> arguments) {

  public UserMessage {
    arguments = List.copyOf(arguments);
  }

  public static UserMessage of(MessageKey key, Object... arguments) {
    return new UserMessage(key, List.of(arguments));
  }

  /**
   * The text in {@code locale}; an argument that is itself a message is put in that language first, and
   * a list of messages becomes their texts joined by the language's semicolon.
   */
  public String text(Locale locale) {
    return key.format(locale, arguments.stream().map(argument -> localized(argument, locale)).toArray());
  }

  private static Object localized(Object argument, Locale locale) {
    if (argument instanceof UserMessage nested) {
      return nested.text(locale);
    }
    if (argument instanceof List<?> list && !list.isEmpty() && list.stream().allMatch(UserMessage.class::isInstance)) {
      return String.join(EngineMessage.LIST_SEPARATOR.format(locale),
          list.stream().map(item -> ((UserMessage) item).text(locale)).toList());
    }
    return argument;
  }

  public String english() {
    return text(Localization.ENGLISH);
  }

  @Override
  public String toString() {
    return english();
  }
}
