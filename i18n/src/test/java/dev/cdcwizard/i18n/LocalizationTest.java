package dev.cdcwizard.i18n;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LocalizationTest {
  private final Locale machineLocale = Locale.getDefault();

  @AfterEach
  void restoreMachineLocale() {
    Locale.setDefault(machineLocale);
  }

  @Test
  void englishNeverFallsBackToTheMachineLocale() {
    Locale.setDefault(Locale.SIMPLIFIED_CHINESE);

    Messages english = Localization.messages(Locale.ENGLISH);

    assertThat(english.get("common.button.next")).isEqualTo("_Next");
    assertThat(english.locale()).isEqualTo(Locale.ENGLISH);
  }

  @Test
  void chineseIsReadAsUtf8() {
    Messages chinese = Localization.messages(Locale.SIMPLIFIED_CHINESE);

    assertThat(chinese.get("common.button.next")).isEqualTo("下一步(_N)");
    assertThat(chinese.locale()).isEqualTo(Locale.SIMPLIFIED_CHINESE);
  }

  @Test
  void everyChineseVariantGetsSimplifiedChineseAndTheRestEnglish() {
    assertThat(Localization.supportedLocaleFor(Locale.TRADITIONAL_CHINESE)).isEqualTo(Locale.SIMPLIFIED_CHINESE);
    assertThat(Localization.supportedLocaleFor(Locale.forLanguageTag("zh-Hans-SG")))
        .isEqualTo(Locale.SIMPLIFIED_CHINESE);
    assertThat(Localization.supportedLocaleFor(Locale.GERMANY)).isEqualTo(Locale.ENGLISH);
    assertThat(Localization.supportedLocaleFor(null)).isEqualTo(Locale.ENGLISH);
  }

  @Test
  void argumentsAreFormatted() {
    Messages english = Localization.messages(Locale.ENGLISH);

    assertThat(english.format(Message.of("wizard.welcome.sampleRunning", "localhost", 54329, "inventory", "postgres",
        "tutorial"))).isEqualTo("The sample database is running: host localhost, port 54329, database inventory,"
        + " user postgres, password tutorial.");
  }
}
