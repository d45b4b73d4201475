package dev.cdcwizard.i18n;

import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The languages CDC Wizard speaks and where their texts are. English is the root bundle
 * ({@code messages.properties}); the no-fallback control keeps an English lookup from picking the
 * machine's locale bundle instead, which the default {@link ResourceBundle.Control} would do.
 */
public final class Localization {
  public static final String BUNDLE_NAME = "dev.cdcwizard.i18n.messages";
  /** The texts CDC Wizard writes into files for the user: YAML and SQL comments, the export README. */
  public static final String ARTIFACTS_BUNDLE_NAME = "dev.cdcwizard.i18n.artifacts";
  public static final Locale ENGLISH = Locale.ENGLISH;
  public static final Locale SIMPLIFIED_CHINESE = Locale.SIMPLIFIED_CHINESE;
  public static final List<Locale> SUPPORTED_LOCALES = List.of(ENGLISH, SIMPLIFIED_CHINESE);

  private static final ResourceBundle.Control NO_FALLBACK =
      ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES);

  private Localization() {}

  /** The supported locale closest to the one asked for: any Chinese gets Simplified Chinese, the rest English. */
  public static Locale supportedLocaleFor(Locale requested) {
    if (requested != null && "zh".equals(requested.getLanguage())) {
      return SIMPLIFIED_CHINESE;
    }
    return ENGLISH;
  }

  /** The bundle of a supported locale; properties files are read as UTF-8 (Java 9+). */
  public static ResourceBundle bundle(Locale locale) {
    return bundle(BUNDLE_NAME, locale);
  }

  static ResourceBundle bundle(String name, Locale locale) {
    return ResourceBundle.getBundle(name, supportedLocaleFor(locale), NO_FALLBACK);
  }

  /** The texts as the command line words them; the engine's logs and exceptions use these too. */
  public static Messages messages(Locale locale) {
    return messages(locale, Surface.COMMAND_LINE);
  }

  public static Messages messages(Locale locale, Surface surface) {
    return new Messages(bundle(locale), surface);
  }
}
