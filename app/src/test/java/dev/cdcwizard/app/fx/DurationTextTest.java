package dev.cdcwizard.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Messages;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationTextTest {
  private final Messages english = Localization.messages(Localization.ENGLISH);
  private final Messages chinese = Localization.messages(Localization.SIMPLIFIED_CHINESE);

  @Test
  void readsInTheTwoUnitsThatFit() {
    assertThat(english.format(DurationText.of(Duration.ofMillis(12_400)))).isEqualTo("12 s");
    assertThat(english.format(DurationText.of(Duration.ofSeconds(185)))).isEqualTo("3 min 5 s");
    assertThat(english.format(DurationText.of(Duration.ofMinutes(125)))).isEqualTo("2 h 5 min");
    assertThat(chinese.format(DurationText.of(Duration.ofSeconds(185)))).isEqualTo("3 分 5 秒");
  }
}
