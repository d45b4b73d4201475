package dev.cdcwizard.app.step.launch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Message;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Issue 22: the launch step showed rows and estimates, but no pace and no time left. */
class CopyRateTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void saysThePaceSinceTheFirstRowsAndTheTimeLeftToTheEstimates() {
    CopyRate rate = new CopyRate();

    assertThat(rate.observe(rows(0, 0), 0)).as("nothing copied yet").isNull();
    assertThat(rate.observe(rows(10_000, 0), SECOND)).as("the first rows start the clock").isNull();
    assertThat(rate.observe(rows(30_000, 0), SECOND + SECOND / 2)).as("under a second").isNull();

    Message said = rate.observe(rows(50_000, 50_000), 3 * SECOND);

    assertThat(said).isEqualTo(Message.of("wizard.launch.copyRateLeft", 45_000L, 1L, 27L));
    assertThat(Localization.messages(Locale.ENGLISH).format(said))
        .isEqualTo("Copying 45,000 rows per second: about 1 min 27 s left, by the estimated rows.");
    assertThat(Localization.messages(Locale.SIMPLIFIED_CHINESE).format(said))
        .isEqualTo("正在复制，每秒 45,000 行；按预估行数，约还需 1 分 27 秒。");
  }

  @Test
  void withoutAnEstimateForEveryTableOrPastThemOnlyThePace() {
    CopyRate rate = new CopyRate();
    rate.observe(List.of(new TableProgress("public.orders", 1_000, -1)), 0);

    assertThat(rate.observe(List.of(new TableProgress("public.orders", 3_000, -1)), 2 * SECOND))
        .isEqualTo(Message.of("wizard.launch.copyRate", 1_000L));
    assertThat(rate.observe(List.of(new TableProgress("public.orders", 5_000, 4_000)), 4 * SECOND))
        .isEqualTo(Message.of("wizard.launch.copyRate", 1_000L));
  }

  /** Two tables of 2,000,000 estimated rows each. */
  private static List<TableProgress> rows(long orders, long customers) {
    return List.of(new TableProgress("public.orders", orders, 2_000_000),
        new TableProgress("public.customers", customers, 2_000_000));
  }

  /** A table an earlier run copied is no part of this copy's pace or time left. */
  @Test
  void aTableAnEarlierRunCopiedCountsForNothing() {
    CopyRate rate = new CopyRate();
    TableProgress earlier = new TableProgress("public.orders", TableProgress.COPIED_EARLIER, 5_000_000);
    rate.observe(List.of(earlier, new TableProgress("public.customers", 1_000, 3_000)), 0);
    assertThat(rate.observe(List.of(earlier, new TableProgress("public.customers", 2_000, 3_000)), SECOND))
        .isEqualTo(Message.of("wizard.launch.copyRateLeft", 1000L, 0L, 1L));
  }
}
