package dev.cdcwizard.app.step.monitor;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.DoubleSummaryStatistics;
import java.util.List;
import javafx.beans.InvalidationListener;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.util.StringConverter;

/**
 * A chart axis of epoch seconds that reads as the wall clock, HH:mm:ss in this machine's zone, over the
 * times the chart's lines span (at least a minute, ending now while there are none) with ticks on round
 * seconds or minutes: an axis left to range itself shows times of 1970 before the first point.
 */
final class ClockAxis {
  static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());
  private static final double SHORTEST_SPAN = 60;
  private static final double[] TICKS = {5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 21600, 43200, 86400};
  private static final int MOST_TICKS = 6;

  /** The axis' range and tick, in epoch seconds. */
  record Range(double lower, double upper, double tick) {}

  private ClockAxis() {}

  static void use(NumberAxis axis, ObservableList<XYChart.Series<Number, Number>> lines) {
    axis.setForceZeroInRange(false);
    axis.setMinorTickVisible(false);
    axis.setAutoRanging(false);
    axis.setTickLabelFormatter(new StringConverter<>() {
      @Override
      public String toString(Number epochSeconds) {
        return TIME.format(Instant.ofEpochMilli(Math.round(epochSeconds.doubleValue() * 1000)));
      }

      @Override
      public Number fromString(String text) {
        return null;
      }
    });
    InvalidationListener fit = changed -> fit(axis, lines);
    lines.forEach(line -> line.getData().addListener(fit));
    lines.addListener((ListChangeListener<XYChart.Series<Number, Number>>) change -> {
      while (change.next()) {
        change.getRemoved().forEach(line -> line.getData().removeListener(fit));
        change.getAddedSubList().forEach(line -> line.getData().addListener(fit));
      }
      fit(axis, lines);
    });
    fit(axis, lines);
  }

  private static void fit(NumberAxis axis, List<XYChart.Series<Number, Number>> lines) {
    DoubleSummaryStatistics times = lines.stream().flatMap(line -> line.getData().stream())
        .mapToDouble(point -> point.getXValue().doubleValue()).summaryStatistics();
    Range range = range(times, System.currentTimeMillis() / 1000.0);
    axis.setLowerBound(range.lower());
    axis.setUpperBound(range.upper());
    axis.setTickUnit(range.tick());
  }

  static Range range(DoubleSummaryStatistics times, double nowSeconds) {
    double first = times.getCount() == 0 ? nowSeconds - SHORTEST_SPAN : times.getMin();
    double last = times.getCount() == 0 ? nowSeconds : Math.max(times.getMax(), first + SHORTEST_SPAN);
    double tick = TICKS[TICKS.length - 1];
    for (int index = TICKS.length - 1; index >= 0 && (last - first) / TICKS[index] <= MOST_TICKS; index--) {
      tick = TICKS[index];
    }
    return new Range(Math.floor(first / tick) * tick, Math.ceil(last / tick) * tick, tick);
  }
}
