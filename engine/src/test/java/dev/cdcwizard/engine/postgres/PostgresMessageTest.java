package dev.cdcwizard.engine.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.i18n.Localization;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class PostgresMessageTest {

  @Test
  void keysAreUniqueAndDottedCamelCase() {
    assertThat(Arrays.stream(PostgresMessage.values()).map(PostgresMessage::key)).doesNotHaveDuplicates()
        .allMatch(key -> key.matches("[a-z]+(\\.[a-z][A-Za-z]*)+"), "dotted camelCase");
  }

  @Test
  void englishTextsAreValidMessageFormats() {
    for (PostgresMessage message : PostgresMessage.values()) {
      for (Locale locale : Localization.SUPPORTED_LOCALES) {
        assertThat(message.format(locale, "a", "b", "c", "d", "e", "f"))
            .as(message.key()).isNotBlank().doesNotContain("{");
      }
    }
  }

  /** Scripts for the user take their texts from the bundles, the command line from here: they must agree. */
  @Test
  void theEnglishBundleSaysWhatTheEngineSays() {
    for (PostgresMessage message : PostgresMessage.values()) {
      UserMessage withArguments = UserMessage.of(message, "a", "b", "c", "d", "e", "f");
      assertThat(withArguments.text(Localization.ENGLISH)).as(message.key()).isEqualTo(withArguments.english());
    }
  }

  @Test
  void apostrophesSurviveFormatting() {
    assertThat(UserMessage.of(PostgresMessage.CONNECTION_UNKNOWN_HOST_FIX).english()).contains("server's IP");
  }

  @Test
  void everyConnectionFailureHasItsOwnProblemAndFix() {
    for (ConnectionFailure failure : ConnectionFailure.values()) {
      assertThat(failure.fix().key()).isEqualTo(failure.problem().key() + ".fix");
    }
  }
}
