package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.fx.Theme;
import dev.cdcwizard.engine.AtomicFiles;
import dev.cdcwizard.engine.UserDataFolder;
import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.Property;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The few choices the wizard keeps from one session to the next: the UI language, the theme and the
 * monitor's WAL warning limit, in {@value #FILE_NAME} of the user's data folder; read at start, written
 * at each change. Only the keys of {@link Key} are ever written, so nothing else (a password least of
 * all) lands there. A file that cannot be read, or a value that makes no sense, is logged once and the
 * default used; a file that cannot be written is logged once, and the wizard goes on without it.
 */
public final class SavedSettings {
  public static final String FILE_NAME = "settings.properties";
  private static final Logger LOG = LoggerFactory.getLogger(SavedSettings.class);

  /** What is kept, under which key of the file. */
  enum Key {
    LANGUAGE("ui.language"),
    THEME("ui.theme"),
    WARN_ABOVE_MEGABYTES("monitor.warnAboveMegabytes");

    private final String key;

    Key(String key) {
      this.key = key;
    }
  }

  private final Path file;
  private final Properties values;
  private boolean writeFailureLogged;

  private SavedSettings(Path file, Properties values) {
    this.file = file;
    this.values = values;
  }

  /** The settings of the user's data folder. */
  public static SavedSettings ofUserDataFolder() {
    return load(UserDataFolder.resolve().resolve(FILE_NAME));
  }

  /** The settings in {@code file}; none yet if it does not exist or cannot be read. */
  public static SavedSettings load(Path file) {
    Properties values = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      values.load(reader);
    } catch (NoSuchFileException e) {
      LOG.debug("No saved settings in {} yet", file);
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn("The saved settings in {} could not be read; the defaults are used: {}", file, e.toString());
      values.clear();
    }
    return new SavedSettings(file, values);
  }

  /** Settings kept in memory only: for tests and the screenshot tour, which must not change the user's. */
  public static SavedSettings notSaved() {
    return new SavedSettings(null, new Properties());
  }

  /**
   * Sets the language, theme and WAL warning limit to what was saved, then saves each change of them.
   * Call on the FX thread, before the window shows.
   */
  public void keep(UiPreferences preferences, IntegerProperty warnAboveMegabytes) {
    keepProperty(Key.LANGUAGE, preferences.languageProperty(),
        tag -> Localization.supportedLocaleFor(Locale.forLanguageTag(tag)), Locale::toLanguageTag);
    keepProperty(Key.THEME, preferences.themeProperty(), name -> Theme.valueOf(name.strip()), Theme::name);
    Optional<Integer> limit = read(Key.WARN_ABOVE_MEGABYTES, text -> {
      int megabytes = Integer.parseInt(text.strip());
      if (megabytes < 1) {
        throw new IllegalArgumentException("not a positive number of megabytes: " + megabytes);
      }
      return megabytes;
    });
    limit.ifPresent(warnAboveMegabytes::set);
    warnAboveMegabytes.addListener((observable, before, megabytes) ->
        write(Key.WARN_ABOVE_MEGABYTES, Integer.toString(megabytes.intValue())));
  }

  private <T> void keepProperty(Key key, Property<T> property, Function<String, T> parse, Function<T, String> format) {
    read(key, parse).ifPresent(property::setValue);
    property.addListener((observable, before, value) -> {
      if (value != null) {
        write(key, format.apply(value));
      }
    });
  }

  private <T> Optional<T> read(Key key, Function<String, T> parse) {
    String text = values.getProperty(key.key);
    if (text == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(parse.apply(text));
    } catch (IllegalArgumentException e) {
      LOG.warn("Ignoring {}={} in the saved settings {}; the default is used: {}", key.key, text, file, e.toString());
      values.remove(key.key);
      return Optional.empty();
    }
  }

  /** The file as a whole, through a temporary file beside it: a crash mid-write leaves the old one. */
  private void write(Key key, String value) {
    values.setProperty(key.key, value);
    if (file == null) {
      return;
    }
    try {
      AtomicFiles.write(file, out -> values.store(new OutputStreamWriter(out, StandardCharsets.UTF_8),
          "CDC Wizard's settings; written by the wizard"));
    } catch (IOException e) {
      if (!writeFailureLogged) {
        writeFailureLogged = true;
        LOG.warn("The settings could not be saved in {}; they last until the wizard closes: {}", file, e.toString());
      }
    }
  }
}
