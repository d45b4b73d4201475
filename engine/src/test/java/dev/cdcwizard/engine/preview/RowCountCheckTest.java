package dev.cdcwizard.engine.preview;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class RowCountCheckTest {

  @Test
  void equalCountsAreEqualWhateverTheSlot() {
    assertThat(new RowCountCheck("ods.orders", 3, 3, OptionalLong.empty()).verdict())
        .isEqualTo(RowCountCheck.Verdict.EQUAL);
  }

  @Test
  void aDifferenceWithUncommittedWalIsPending() {
    assertThat(new RowCountCheck("ods.orders", 4, 3, OptionalLong.of(1_000_000)).verdict())
        .isEqualTo(RowCountCheck.Verdict.PENDING);
    assertThat(new RowCountCheck("ods.orders", 4, 3, OptionalLong.empty()).verdict())
        .isEqualTo(RowCountCheck.Verdict.PENDING);
  }

  @Test
  void aDifferenceWithEverythingCommittedIsReal() {
    assertThat(new RowCountCheck("ods.orders", 4, 3, OptionalLong.of(0)).verdict())
        .isEqualTo(RowCountCheck.Verdict.DIFFERENT);
    assertThat(new RowCountCheck("ods.orders", 4, 3, OptionalLong.of(300)).verdict())
        .isEqualTo(RowCountCheck.Verdict.PENDING);
  }
}
