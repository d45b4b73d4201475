package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.chart.XYChart;
import org.junit.jupiter.api.Test;

/** The WAL chart's lines while its window of points slides. */
class WalChartPointsTest {
  private static final int WINDOW = 5;
  private static final double GAP_SECONDS = 10;

  private record Sample(double epochSeconds, long bytes, boolean breakBefore) {}

  /**
   * Past its window the chart drops its oldest point at each sample; after every sample, through a break,
   * a time gap and a larger amount that changes the unit and later leaves the window again, its lines are
   * those of a chart given only the samples in the window.
   */
  @Test
  void aSlidingWindowDrawsTheLinesOfAChartGivenOnlyTheSamplesInIt() {
    List<Sample> samples = new ArrayList<>();
    for (int second = 0; second < 40; second++) {
      boolean breakBefore = second == 12;
      double at = second < 25 ? second : second + GAP_SECONDS;
      samples.add(new Sample(at, second == 18 ? 5000 : 100 + second, breakBefore));
    }
    WalChartPoints sliding = new WalChartPoints(WINDOW, GAP_SECONDS);

    for (int added = 1; added <= samples.size(); added++) {
      feed(sliding, samples.subList(added - 1, added));
      WalChartPoints fresh = new WalChartPoints(WINDOW, GAP_SECONDS);
      feed(fresh, samples.subList(Math.max(0, added - WINDOW), added));

      assertThat(pointsOf(sliding)).as("after %d samples", added).isEqualTo(pointsOf(fresh));
      assertThat(sliding.unitProperty().get()).as("after %d samples", added).isEqualTo(fresh.unitProperty().get());
    }
  }

  @Test
  void aSampleWithoutABreakKeepsTheLinesAndMovesTheWindowByOnePoint() {
    WalChartPoints points = new WalChartPoints(WINDOW, GAP_SECONDS);
    for (int second = 0; second < 8; second++) {
      if (second == 5) {
        points.breakLine();
      }
      points.add(second, 100);
    }
    List<XYChart.Series<Number, Number>> before = List.copyOf(points.lines());
    assertThat(times(points)).containsExactly(List.of(3.0, 4.0), List.of(5.0, 6.0, 7.0));

    points.add(8, 100);

    assertThat(points.lines()).containsExactlyElementsOf(before);
    assertThat(times(points)).containsExactly(List.of(4.0), List.of(5.0, 6.0, 7.0, 8.0));

    points.add(9, 100);

    assertThat(points.lines()).as("the emptied first line is dropped").containsExactly(before.get(1));
    assertThat(times(points)).containsExactly(List.of(5.0, 6.0, 7.0, 8.0, 9.0));
  }

  private static void feed(WalChartPoints points, List<Sample> samples) {
    for (Sample sample : samples) {
      if (sample.breakBefore()) {
        points.breakLine();
      }
      points.add(sample.epochSeconds(), sample.bytes());
    }
  }

  /** Per line, its points as time and amount in the chart's unit. */
  private static List<List<String>> pointsOf(WalChartPoints points) {
    return points.lines().stream()
        .map(line -> line.getData().stream().map(point -> point.getXValue() + " " + point.getYValue()).toList())
        .toList();
  }

  private static List<List<Double>> times(WalChartPoints points) {
    return points.lines().stream()
        .map(line -> line.getData().stream().map(point -> point.getXValue().doubleValue()).toList())
        .toList();
  }
}
