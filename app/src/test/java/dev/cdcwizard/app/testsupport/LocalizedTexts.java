package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import dev.cdcwizard.i18n.Surface;
import java.util.List;

/**
 * A view-model's message as the user reads it. Formatting fails when a bundle lacks the key, so a
 * test that shows a message in every language also proves the key exists in both bundles.
 */
public final class LocalizedTexts {
  private LocalizedTexts() {}

  public static List<String> inEveryLanguage(Message message) {
    return Localization.SUPPORTED_LOCALES.stream()
        .map(locale -> Localization.messages(locale, Surface.WIZARD).format(message))
        .toList();
  }

  public static String inEnglish(Message message) {
    return Localization.messages(Localization.ENGLISH, Surface.WIZARD).format(message);
  }
}
