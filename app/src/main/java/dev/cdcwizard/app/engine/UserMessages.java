package dev.cdcwizard.app.engine;

import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.engine.postgres.UserMessage;
import dev.cdcwizard.i18n.Message;

/**
 * The engine's messages carry their bundle key and arguments; the UI shows them in its own language.
 * Every {@link PostgresMessage} key is in both bundles (LocalizationConsistencyTest checks it).
 */
public final class UserMessages {
  private UserMessages() {}

  public static Message of(UserMessage message) {
    return new Message(message.key().key(), message.arguments());
  }

  public static Message of(PostgresMessage key, Object... arguments) {
    return Message.of(key.key(), arguments);
  }
}
