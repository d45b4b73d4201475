package dev.cdcwizard.engine.message;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.i18n.Localization;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class UserMessageTest {
  private static final UserMessage TWO_PROBLEMS = UserMessage.of(PipelineMessage.REFUSED_TARGET, List.of(
      UserMessage.of(PipelineMessage.REFUSED_NO_TABLES, "inventory", "public.a"),
      UserMessage.of(PipelineMessage.REFUSED_NO_TABLES, "inventory", "public.b")));

  /** A list of messages inside a Chinese sentence is joined by a full-width semicolon, not an ASCII one. */
  @Test
  void aListOfMessagesIsJoinedAsTheLanguageJoinsSentences() {
    assertThat(TWO_PROBLEMS.english()).contains("'public.a'.; No table");
    assertThat(TWO_PROBLEMS.text(Locale.SIMPLIFIED_CHINESE)).contains("public.a", "；", "public.b")
        .doesNotContain("; ");
    assertThat(Localization.messages(Locale.SIMPLIFIED_CHINESE).get("message.listSeparator")).isEqualTo("；");
  }
}
