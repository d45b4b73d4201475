package dev.cdcwizard.engine.postgres.slot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SlotNamesTest {

  @Test
  void acceptsWhatPostgresAccepts() {
    assertThat(SlotNames.isValid("cdc_orders")).isTrue();
    assertThat(SlotNames.isValid("CDC")).isFalse();
    assertThat(SlotNames.isValid("a-b")).isFalse();
    assertThat(SlotNames.isValid("x".repeat(64))).isFalse();
  }

  @Test
  void recognizesBackfillSlots() {
    assertThat(SlotNames.isBackfillOf("cdc", "cdc_0")).isTrue();
    assertThat(SlotNames.isBackfillOf("cdc", "cdc_12")).isTrue();
    assertThat(SlotNames.isBackfillOf("cdc", "cdc_")).isFalse();
    assertThat(SlotNames.isBackfillOf("cdc", "cdc_orders")).isFalse();
    assertThat(SlotNames.isBackfillOf("cdc", "cdc")).isFalse();
  }
}
