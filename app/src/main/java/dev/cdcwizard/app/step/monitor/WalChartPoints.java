package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.i18n.Message;
import java.util.ArrayDeque;
import java.util.Deque;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.chart.XYChart;

/**
 * The WAL a slot retained over time, as the chart plots it: against the wall clock (epoch seconds), in the
 * unit that reads best for the largest amount shown, so 56 bytes are 56 on a B axis, not 0.00005 on an MB
 * one. A new largest amount can change the unit; the points shown are then scaled again.
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

  private record Point(double epochSeconds, long bytes) {}

  private final int maxPoints;
  private final Deque<Point> shown = new ArrayDeque<>();
  private final ObservableList<XYChart.Data<Number, Number>> points = FXCollections.observableArrayList();
  private final ObjectProperty<Unit> unit = new SimpleObjectProperty<>(this, "unit", Unit.MB);

  WalChartPoints(int maxPoints) {
    this.maxPoints = maxPoints;
  }

  void add(double epochSeconds, long bytes) {
    shown.addLast(new Point(epochSeconds, bytes));
    boolean dropped = shown.size() > maxPoints;
    if (dropped) {
      shown.removeFirst();
    }
    Unit fitting = Unit.fitting(shown.stream().mapToLong(Point::bytes).max().orElse(0));
    if (fitting != unit.get()) {
      unit.set(fitting);
      points.setAll(shown.stream().map(point -> data(point, fitting)).toList());
      return;
    }
    if (dropped) {
      points.remove(0);
    }
    points.add(data(shown.getLast(), fitting));
  }

  void clear() {
    shown.clear();
    points.clear();
  }

  ObservableList<XYChart.Data<Number, Number>> points() {
    return points;
  }

  ReadOnlyObjectProperty<Unit> unitProperty() {
    return unit;
  }

  private static XYChart.Data<Number, Number> data(Point point, Unit unit) {
    return new XYChart.Data<>(point.epochSeconds(), (double) point.bytes() / unit.bytes);
  }
}
