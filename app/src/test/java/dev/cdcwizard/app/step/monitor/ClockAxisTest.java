package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.DoubleSummaryStatistics;
import java.util.stream.DoubleStream;
import org.junit.jupiter.api.Test;

class ClockAxisTest {
  private static final double NOW = 1_767_603_600;

  /** Issue 22: before its first point the rates chart showed 02:40:00, 14:13:20 and 01:46:40. */
  @Test
  void withoutPointsTheAxisIsTheLastMinute() {
    ClockAxis.Range range = ClockAxis.range(new DoubleSummaryStatistics(), NOW);

    assertThat(range.lower()).isEqualTo(NOW - 60);
    assertThat(range.upper()).isEqualTo(NOW);
    assertThat(range.tick()).isEqualTo(10);
  }

  @Test
  void theAxisSpansThePointsOnRoundTicks() {
    DoubleSummaryStatistics times = DoubleStream.of(NOW + 7, NOW + 400).summaryStatistics();

    ClockAxis.Range range = ClockAxis.range(times, NOW + 400);

    assertThat(range.tick()).isEqualTo(120);
    assertThat(range.lower()).isLessThanOrEqualTo(NOW + 7).isEqualTo(Math.floor((NOW + 7) / 120) * 120);
    assertThat(range.upper()).isGreaterThanOrEqualTo(NOW + 400);
    assertThat((range.upper() - range.lower()) / range.tick()).isLessThanOrEqualTo(6);
  }

  @Test
  void onePointStillGetsAMinute() {
    ClockAxis.Range range = ClockAxis.range(DoubleStream.of(NOW).summaryStatistics(), NOW);

    assertThat(range.upper() - range.lower()).isGreaterThanOrEqualTo(60);
  }
}
