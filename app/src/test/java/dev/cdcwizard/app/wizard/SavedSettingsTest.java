package dev.cdcwizard.app.wizard;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.app.fx.Theme;
import dev.cdcwizard.i18n.Localization;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The settings file of the user's data folder, read and written as the wizard starts and changes them. */
class SavedSettingsTest {
  private static final Locale CHINESE = Localization.supportedLocaleFor(Locale.SIMPLIFIED_CHINESE);

  @TempDir Path dataFolder;

  private final UiPreferences preferences = new UiPreferences(Locale.ENGLISH);
  private final IntegerProperty warnAbove = new SimpleIntegerProperty(1024);

  @Test
  void aFirstSessionKeepsTheDefaultsAndWritesNothingUntilAChange() {
    Path file = dataFolder.resolve("cdc-wizard").resolve(SavedSettings.FILE_NAME);
    SavedSettings.load(file).keep(preferences, warnAbove);

    assertThat(preferences.languageProperty().get()).isEqualTo(Localization.supportedLocaleFor(Locale.ENGLISH));
    assertThat(preferences.themeProperty().get()).isEqualTo(Theme.LIGHT);
    assertThat(warnAbove.get()).isEqualTo(1024);
    assertThat(file).doesNotExist();

    warnAbove.set(256);
    assertThat(file).exists();
    assertThat(dataFolder.resolve("cdc-wizard")).as("no temporary file left").isDirectoryNotContaining("glob:**.tmp");
  }

  @Test
  void theLanguageThemeAndWalLimitOfOneSessionAreThoseOfTheNext() throws IOException {
    Path file = dataFolder.resolve(SavedSettings.FILE_NAME);
    SavedSettings.load(file).keep(preferences, warnAbove);
    preferences.languageProperty().set(CHINESE);
    preferences.themeProperty().set(Theme.DARK);
    warnAbove.set(300);

    UiPreferences next = new UiPreferences(Locale.ENGLISH);
    IntegerProperty nextWarnAbove = new SimpleIntegerProperty(1024);
    SavedSettings.load(file).keep(next, nextWarnAbove);

    assertThat(next.languageProperty().get()).isEqualTo(CHINESE);
    assertThat(next.themeProperty().get()).isEqualTo(Theme.DARK);
    assertThat(nextWarnAbove.get()).isEqualTo(300);
    assertThat(saved(file).stringPropertyNames()).as("these three and nothing else, a password least of all")
        .containsExactlyInAnyOrder("ui.language", "ui.theme", "monitor.warnAboveMegabytes");
  }

  @Test
  void aCorruptFileIsIgnoredAndTheDefaultsUsed() throws IOException {
    Path file = dataFolder.resolve(SavedSettings.FILE_NAME);
    Files.writeString(file, "ui.theme=DARK\nmonitor.warnAboveMegabytes=\\uZZZZ\n");

    SavedSettings.load(file).keep(preferences, warnAbove);

    assertThat(preferences.themeProperty().get()).as("nothing of a file that cannot be read").isEqualTo(Theme.LIGHT);
    assertThat(warnAbove.get()).isEqualTo(1024);
    warnAbove.set(512);
    assertThat(saved(file).getProperty("monitor.warnAboveMegabytes")).as("written anew").isEqualTo("512");
  }

  @Test
  void aValueThatMakesNoSenseIsIgnoredAndTheOthersKept() throws IOException {
    Path file = dataFolder.resolve(SavedSettings.FILE_NAME);
    Files.writeString(file, "ui.language=zh-CN\nui.theme=PURPLE\nmonitor.warnAboveMegabytes=-5\n");

    SavedSettings.load(file).keep(preferences, warnAbove);

    assertThat(preferences.languageProperty().get()).isEqualTo(CHINESE);
    assertThat(preferences.themeProperty().get()).isEqualTo(Theme.LIGHT);
    assertThat(warnAbove.get()).isEqualTo(1024);
  }

  @Test
  void aFileThatCanBeNeitherReadNorWrittenLeavesTheWizardWithItsDefaults() throws IOException {
    Path file = Files.createDirectories(dataFolder.resolve(SavedSettings.FILE_NAME).resolve("in-the-way"))
        .getParent();

    SavedSettings.load(file).keep(preferences, warnAbove);
    warnAbove.set(64);
    preferences.themeProperty().set(Theme.DARK);

    assertThat(warnAbove.get()).isEqualTo(64);
    assertThat(file).isDirectory();
  }

  @Test
  void settingsNotSavedTouchNoFile() {
    SavedSettings.notSaved().keep(preferences, warnAbove);
    warnAbove.set(64);

    assertThat(dataFolder).isEmptyDirectory();
  }

  private static Properties saved(Path file) throws IOException {
    Properties saved = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      saved.load(reader);
    }
    return saved;
  }
}
