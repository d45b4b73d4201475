package dev.cdcwizard.engine.postgres;

import dev.cdcwizard.i18n.Localization;
import java.text.MessageFormat;
import java.util.List;
import java.util.Locale;

/**
 * A message for the user as a key plus arguments: the UI looks the key up in its bundles, the command
 * line prints {@link #english()}, and the scripts written for the user use {@link #in(Locale)}.
 * Arguments are names and numbers, never secrets.
 */
public record UserMessage(PostgresMessage key, List<Object> arguments) {

  public UserMessage {
    arguments = List.copyOf(arguments);
  }

  public static UserMessage of(PostgresMessage key, Object... arguments) {
    return new UserMessage(key, List.of(arguments));
  }

  public String english() {
    return new MessageFormat(key.english(), Locale.ROOT).format(arguments.toArray());
  }

  /** The text in the supported language closest to {@code language}, from the UI's bundles. */
  public String in(Locale language) {
    return Localization.messages(language).get(key.key(), arguments.toArray());
  }

  @Override
  public String toString() {
    return english();
  }
}
