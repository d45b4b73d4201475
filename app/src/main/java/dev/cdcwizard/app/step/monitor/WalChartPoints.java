package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.i18n.Message;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.chart.XYChart;

/**
 * The WAL a slot retained over time, as the chart plots it: against the wall clock (epoch seconds), in the
 * unit that reads best for the largest amount shown, so 56 bytes are 56 on a B axis, not 0.00005 on an MB
 * one. A new largest amount can change the unit; the points shown are then scaled again. A period with no
 * sample (the monitor closed, the slot gone) is a gap, not a straight line: the points after it are a
 * line of their own, as a line chart draws one line per series.
 */
public final class WalChartPoints {
  /** The chart's unit of WAL, with its axis label. */
  public enum Unit {
    B(1, Message.of("wizard.monitor.chartBytes")),
    KB(1024, Message.of("wizard.monitor.chartKilobytes")),
    MB(1024 * 1024, Message.of("wizard.monitor.chartMegabytes")),
    GB(1024L * 1024 * 1024, Message.of("wizard.monitor.chartGigabytes"));

    private final long bytes;
    private final Message label;

    Unit(long bytes, Message label) {
      this.bytes = bytes;
      this.label = label;
    }

    Message label() {
      return label;
    }

    static Unit fitting(long bytes) {
      Unit fitting = B;
      for (Unit unit : values()) {
        if (bytes >= unit.bytes) {
          fitting = unit;
        }
      }
      return fitting;
    }
  }

  private record Point(double epochSeconds, long bytes, boolean afterGap) {}

  private final int maxPoints;
  private final double gapSeconds;
  private final Deque<Point> shown = new ArrayDeque<>();
  private final ObservableList<XYChart.Series<Number, Number>> lines = FXCollections.observableArrayList();
  private final ObjectProperty<Unit> unit = new SimpleObjectProperty<>(this, "unit", Unit.MB);
  private boolean gap;

  /** @param gapSeconds time between two samples above which the line breaks */
  WalChartPoints(int maxPoints, double gapSeconds) {
    this.maxPoints = maxPoints;
    this.gapSeconds = gapSeconds;
  }

  void add(double epochSeconds, long bytes) {
    boolean afterGap = gap || !shown.isEmpty() && epochSeconds - shown.getLast().epochSeconds() > gapSeconds;
    gap = false;
    Point point = new Point(epochSeconds, bytes, afterGap);
    shown.addLast(point);
    boolean dropped = shown.size() > maxPoints;
    if (dropped) {
      shown.removeFirst();
    }
    Unit fitting = Unit.fitting(shown.stream().mapToLong(Point::bytes).max().orElse(0));
    if (fitting != unit.get()) {
      unit.set(fitting);
      lines.setAll(lines(fitting));
      return;
    }
    // only what changed, so that the chart does not redraw every point at every sample once the window is full
    if (lines.isEmpty() || afterGap) {
      lines.add(new XYChart.Series<>());
    }
    lines.get(lines.size() - 1).getData().add(data(point, fitting));
    if (dropped) {
      dropOldestPoint();
    }
  }

  /** The oldest point is the first of the first line; a line left without points is no line. */
  private void dropOldestPoint() {
    ObservableList<XYChart.Data<Number, Number>> oldest = lines.get(0).getData();
    oldest.remove(0);
    if (oldest.isEmpty()) {
      lines.remove(0);
    }
  }

  /** A sample without the slot: the next point starts a new line. */
  void breakLine() {
    gap = true;
  }

  void clear() {
    shown.clear();
    lines.clear();
    gap = false;
  }

  /** The lines to draw, one per stretch of samples without a gap, oldest first. */
  ObservableList<XYChart.Series<Number, Number>> lines() {
    return lines;
  }

  ReadOnlyObjectProperty<Unit> unitProperty() {
    return unit;
  }

  private List<XYChart.Series<Number, Number>> lines(Unit unit) {
    List<XYChart.Series<Number, Number>> stretches = new ArrayList<>();
    for (Point point : shown) {
      if (stretches.isEmpty() || point.afterGap()) {
        stretches.add(new XYChart.Series<>());
      }
      stretches.get(stretches.size() - 1).getData().add(data(point, unit));
    }
    return stretches;
  }

  private static XYChart.Data<Number, Number> data(Point point, Unit unit) {
    return new XYChart.Data<>(point.epochSeconds(), (double) point.bytes() / unit.bytes);
  }
}
