package dev.cdcwizard.app.engine;

import dev.cdcwizard.engine.message.MessageKey;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.i18n.Message;

/**
 * The engine's messages carry their bundle key and arguments; the UI shows them in its own language.
 * Every engine message key is in both bundles (LocalizationConsistencyTest checks it).
 */
public final class UserMessages {
  private UserMessages() {}

  /** The message; arguments that are messages themselves become nested {@link Message}s. */
  public static Message of(UserMessage message) {
    return new Message(message.key().key(), message.arguments().stream()
        .map(argument -> argument instanceof UserMessage nested ? of(nested) : argument).toList());
  }

  public static Message of(MessageKey key, Object... arguments) {
    return Message.of(key.key(), arguments);
  }
}
