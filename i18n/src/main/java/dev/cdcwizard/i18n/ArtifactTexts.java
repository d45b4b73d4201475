package dev.cdcwizard.i18n;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The texts CDC Wizard writes into files for the user, in the user's language: the pipeline YAML's
 * comments, the SQL scripts' comments, the export bundle's README. Unlike the UI's texts, which FXML
 * shows as written, every one is a {@link MessageFormat} pattern, with or without arguments, so an
 * apostrophe is always written twice.
 */
public final class ArtifactTexts {
  private final ResourceBundle bundle;

  private ArtifactTexts(ResourceBundle bundle) {
    this.bundle = bundle;
  }

  /** The texts of the supported language closest to {@code locale}. */
  public static ArtifactTexts of(Locale locale) {
    return new ArtifactTexts(Localization.bundle(Localization.ARTIFACTS_BUNDLE_NAME, locale));
  }

  public Locale locale() {
    Locale locale = bundle.getLocale();
    return Locale.ROOT.equals(locale) ? Localization.ENGLISH : locale;
  }

  public String get(String key, Object... arguments) {
    return new MessageFormat(bundle.getString(key), locale()).format(arguments);
  }
}
