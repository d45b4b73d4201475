package dev.cdcwizard.engine.cli;

import dev.cdcwizard.i18n.Localization;
import java.util.Locale;
import picocli.CommandLine.Option;

/** {@code --lang}: the language of what a command writes for the user to read, scripts and files included. */
final class LanguageOption {
  @Option(names = "--lang", paramLabel = "LANG",
      description = "en or zh-CN: the language of the texts and comments written (default: the system's; "
          + "other languages get English).")
  private String language;

  /** The supported language closest to --lang, or without it to the JVM's (from LANG on Linux and macOS). */
  Locale locale() {
    Locale requested = language == null ? Locale.getDefault(Locale.Category.DISPLAY)
        : Locale.forLanguageTag(language.replace('_', '-'));
    return Localization.supportedLocaleFor(requested);
  }
}
