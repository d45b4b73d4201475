package dev.cdcwizard.app.step.monitor;

import static dev.cdcwizard.app.step.monitor.SlotSamples.FIRST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.cdcwizard.engine.postgres.slot.LagClock;
import dev.cdcwizard.i18n.Message;
import java.time.Duration;
import java.util.List;
import javafx.scene.chart.XYChart;
import org.junit.jupiter.api.Test;

class SlotWatchTest {
  private static final long MEGABYTE = 1024 * 1024;

  private static final double FIRST_SECOND = FIRST.getEpochSecond();

  private final SlotWatch slot = new SlotWatch();

  @Test
  void unknownUntilTheFirstSample() {
    assertThat(slot.activeProperty().get()).isNull();
    assertThat(slot.restartLsnProperty().get()).isNull();
    assertThat(slot.walRetainedBytesProperty().get()).isEqualTo(-1);
    assertThat(slot.lagBytesProperty().get()).isEqualTo(-1);
    assertThat(points()).isEmpty();
  }

  @Test
  void aSampleShowsTheSlotAndAddsAChartPoint() {
    slot.show(SlotSamples.existing(FIRST, true, 3 * MEGABYTE, 2048));

    assertThat(slot.activeProperty().get()).isTrue();
    assertThat(slot.restartLsnProperty().get()).isEqualTo("0/1A2B3C4");
    assertThat(slot.confirmedFlushLsnProperty().get()).isEqualTo("0/1A2B3D0");
    assertThat(slot.walRetainedBytesProperty().get()).isEqualTo(3 * MEGABYTE);
    assertThat(slot.lagBytesProperty().get()).isEqualTo(2048);
    assertThat(points()).extracting(XYChart.Data::getXValue, XYChart.Data::getYValue)
        .containsExactly(tuple(FIRST_SECOND, 3.0));
  }

  /** Issue 22: 56 bytes were plotted as 0.00005 on an MB axis. */
  @Test
  void chartPointsAreInTheUnitOfTheLargestAmountShown() {
    slot.show(SlotSamples.existing(FIRST, true, 56, 0));
    assertThat(slot.walUnitProperty().get()).isEqualTo(WalChartPoints.Unit.B);
    assertThat(points()).extracting(XYChart.Data::getYValue).containsExactly(56.0);

    slot.show(SlotSamples.existing(FIRST.plusSeconds(2), true, 3 * MEGABYTE, 0));
    assertThat(slot.walUnitProperty().get()).isEqualTo(WalChartPoints.Unit.MB);
    assertThat(points()).extracting(XYChart.Data::getYValue).containsExactly(56.0 / MEGABYTE, 3.0);
  }

  @Test
  void chartPointsAreTheWallClockAndMegabytes() {
    slot.show(SlotSamples.existing(FIRST, true, MEGABYTE, 0));
    slot.show(SlotSamples.existing(FIRST.plusSeconds(2), true, 3 * MEGABYTE / 2, 0));

    assertThat(points()).extracting(XYChart.Data::getXValue).containsExactly(FIRST_SECOND, FIRST_SECOND + 2);
    assertThat(points()).extracting(XYChart.Data::getYValue).containsExactly(1.0, 1.5);
  }

  @Test
  void anotherSlotStartsWithNothingOfThePreviousOne() {
    slot.follow("localhost:5432/inventory/cdc_orders");
    slot.show(SlotSamples.existing(FIRST, true, 3 * MEGABYTE, 2048));
    slot.follow("localhost:5432/inventory/cdc_orders");
    assertThat(points()).as("the same slot keeps its chart").hasSize(1);

    slot.follow("db.example.com:5432/sales/cdc_sales");

    assertThat(points()).isEmpty();
    assertThat(slot.activeProperty().get()).isNull();
    assertThat(slot.walRetainedBytesProperty().get()).isEqualTo(-1);
    assertThat(slot.lagBytesProperty().get()).isEqualTo(-1);
    assertThat(slot.warnings()).isEmpty();
  }

  @Test
  void aSlotThatIsGoneShowsAsUnknownAndLeavesTheChart() {
    slot.show(SlotSamples.existing(FIRST, false, MEGABYTE, 0));
    assertThat(slot.activeProperty().get()).isFalse();

    slot.show(SlotSamples.missing(FIRST.plusSeconds(2)));

    assertThat(slot.activeProperty().get()).isNull();
    assertThat(slot.restartLsnProperty().get()).isNull();
    assertThat(slot.walRetainedBytesProperty().get()).isEqualTo(-1);
    assertThat(slot.lagBytesProperty().get()).isEqualTo(-1);
    assertThat(points()).hasSize(1);
  }

  @Test
  void theChartKeepsTheLastThreeMinutes() {
    for (int second = 0; second < 200; second += 2) {
      slot.show(SlotSamples.existing(FIRST.plusSeconds(second), true, MEGABYTE, 0));
    }

    assertThat(points()).hasSize(90);
    assertThat(points().get(0).getXValue()).isEqualTo(FIRST_SECOND + 20);
  }

  @Test
  void theLagInTimeIsHowLongTheUnconfirmedWalHasWaited() {
    assertThat(slot.lagTimeProperty().get()).isNull();

    slot.show(SlotSamples.existing(FIRST, true, MEGABYTE, 0));
    assertThat(slot.lagTimeProperty().get()).isEqualTo(new LagClock.Lag(Duration.ZERO, false));

    slot.show(SlotSamples.existing(FIRST.plusSeconds(2), true, MEGABYTE, 4096));
    slot.show(SlotSamples.existing(FIRST.plusSeconds(12), true, MEGABYTE, 8192));
    assertThat(slot.lagTimeProperty().get()).isEqualTo(new LagClock.Lag(Duration.ofSeconds(10), false));
  }

  @Test
  void theEnginesWarningsFollowTheSampleAndTheUsersLimit() {
    slot.show(SlotSamples.existing(FIRST, true, 300 * MEGABYTE, 0));
    assertThat(slot.warnings()).as("active, within the default limit").isEmpty();

    slot.warnAboveMegabytesProperty().set(256);
    assertThat(slot.warnings()).extracting(Message::key).containsExactly("slot.warning.retainedOverLimit");

    slot.show(SlotSamples.existing(FIRST.plusSeconds(2), false, 300 * MEGABYTE, 0));
    assertThat(slot.warnings()).extracting(Message::key)
        .containsExactly("slot.warning.inactive", "slot.warning.retainedOverLimit");
  }

  /** Issue 22: the WAL line was drawn straight across periods without samples. */
  @Test
  void aPeriodWithoutSamplesIsAGapBetweenTwoLines() {
    slot.show(SlotSamples.existing(FIRST, true, MEGABYTE, 0));
    slot.show(SlotSamples.existing(FIRST.plusSeconds(2), true, MEGABYTE, 0));
    slot.show(SlotSamples.existing(FIRST.plusSeconds(60), true, 2 * MEGABYTE, 0));
    slot.show(SlotSamples.existing(FIRST.plusSeconds(62), true, 2 * MEGABYTE, 0));

    assertThat(slot.walLines()).extracting(line -> line.getData().size()).containsExactly(2, 2);
  }

  @Test
  void aSlotThatWasGoneForASampleStartsANewLine() {
    slot.show(SlotSamples.existing(FIRST, true, MEGABYTE, 0));
    slot.show(SlotSamples.missing(FIRST.plusSeconds(2)));
    slot.show(SlotSamples.existing(FIRST.plusSeconds(4), true, MEGABYTE, 0));

    assertThat(slot.walLines()).extracting(line -> line.getData().size()).containsExactly(1, 1);
  }

  private List<XYChart.Data<Number, Number>> points() {
    return slot.walLines().stream().flatMap(line -> line.getData().stream()).toList();
  }
}
