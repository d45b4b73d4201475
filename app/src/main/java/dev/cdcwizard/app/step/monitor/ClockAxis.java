package dev.cdcwizard.app.step.monitor;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import javafx.scene.chart.NumberAxis;
import javafx.util.StringConverter;

/** A chart axis of epoch seconds that reads as the wall clock, HH:mm:ss in this machine's zone. */
final class ClockAxis {
  static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

  private ClockAxis() {}

  static void use(NumberAxis axis) {
    axis.setForceZeroInRange(false);
    axis.setMinorTickVisible(false);
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
  }
}
