package dev.cdcwizard.i18n;

import java.util.List;
import java.util.Objects;

/**
 * A text to show, not yet translated: view-models hold these so that a language switch re-renders
 * them without asking the view-model again. Create with a literal key, {@code Message.of("wizard.x.y")},
 * so the localization consistency test can see it.
 */
public record Message(String key, List<Object> args) {
  public Message {
    Objects.requireNonNull(key, "key");
    args = List.copyOf(args);
  }

  public static Message of(String key, Object... args) {
    return new Message(key, List.of(args));
  }
}
