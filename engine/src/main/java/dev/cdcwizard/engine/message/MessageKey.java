package dev.cdcwizard.engine.message;

import dev.cdcwizard.i18n.Localization;
import java.util.Locale;

/**
 * A message's key in the bundles of the i18n module. The engine's message enums implement it, so the
 * wizard and the command line show the same texts in the user's language.
 */
public interface MessageKey {
  String key();

  /** The text in {@code locale} with {@code arguments} filled in. */
  default String format(Locale locale, Object... arguments) {
    return Localization.messages(locale).get(key(), arguments);
  }

  /** The English text, for logs and exception messages. */
  default String english(Object... arguments) {
    return format(Localization.ENGLISH, arguments);
  }
}
