package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.fx.Theme;
import dev.cdcwizard.i18n.Localization;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/** Language and theme of the running wizard; the window reloads or restyles itself when they change. */
public final class UiPreferences {
  private final ObjectProperty<Locale> language;
  private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme", Theme.LIGHT);

  /** Starts in the supported language closest to {@code systemLocale}. */
  public UiPreferences(Locale systemLocale) {
    language = new SimpleObjectProperty<>(this, "language", Localization.supportedLocaleFor(systemLocale));
  }

  public ObjectProperty<Locale> languageProperty() {
    return language;
  }

  public ObjectProperty<Theme> themeProperty() {
    return theme;
  }
}
