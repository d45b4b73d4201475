package dev.cdcwizard.app.fx;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Messages;
import org.junit.jupiter.api.Test;

class DataSizeTest {
  private final Messages english = Localization.messages(Localization.ENGLISH);

  @Test
  void eachAmountReadsInTheUnitThatSuitsIt() {
    assertThat(english.format(DataSize.of(0))).isEqualTo("0 B");
    assertThat(english.format(DataSize.of(944))).isEqualTo("944 B");
    assertThat(english.format(DataSize.of(1536))).isEqualTo("1.5 KB");
    assertThat(english.format(DataSize.of(3 * 1024 * 1024))).isEqualTo("3.0 MB");
    assertThat(english.format(DataSize.of(5L * 1024 * 1024 * 1024 + 512L * 1024 * 1024))).isEqualTo("5.5 GB");
  }
}
