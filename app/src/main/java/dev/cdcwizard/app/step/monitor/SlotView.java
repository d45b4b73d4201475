package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.postgres.slot.SlotSample;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import java.time.Instant;
import java.util.Optional;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.chart.XYChart;

/** The slot as the last sample showed it, and the WAL it retained over time (MB against seconds). */
public final class SlotView {
  private static final double MEGABYTE = 1024.0 * 1024.0;
  private static final int MAX_POINTS = 90;

  private final ObjectProperty<Boolean> active = new SimpleObjectProperty<>(this, "active");
  private final StringProperty restartLsn = new SimpleStringProperty(this, "restartLsn");
  private final StringProperty confirmedFlushLsn = new SimpleStringProperty(this, "confirmedFlushLsn");
  private final LongProperty walRetainedBytes = new SimpleLongProperty(this, "walRetainedBytes", -1);
  private final LongProperty lagBytes = new SimpleLongProperty(this, "lagBytes", -1);
  private final ObservableList<XYChart.Data<Number, Number>> walPoints = FXCollections.observableArrayList();
  private Instant firstSample;

  /** Called on the FX thread. A slot that does not exist (yet, or any more) shows as unknown. */
  void show(SlotSample sample) {
    Optional<SlotStatus> main = sample.status().main();
    active.set(main.isPresent() ? sample.status().active() : null);
    restartLsn.set(main.flatMap(SlotStatus::restartLsn).orElse(null));
    confirmedFlushLsn.set(main.flatMap(SlotStatus::confirmedFlushLsn).orElse(null));
    walRetainedBytes.set(sample.status().walRetainedBytes().orElse(-1));
    lagBytes.set(main.map(slot -> slot.flushLagBytes().orElse(-1)).orElse(-1L));
    if (firstSample == null) {
      firstSample = sample.at();
    }
    if (walRetainedBytes.get() >= 0) {
      double seconds = java.time.Duration.between(firstSample, sample.at()).toMillis() / 1000.0;
      walPoints.add(new XYChart.Data<>(seconds, walRetainedBytes.get() / MEGABYTE));
      if (walPoints.size() > MAX_POINTS) {
        walPoints.remove(0);
      }
    }
  }

  /** Null until the first sample, or while the slot does not exist. */
  public ObjectProperty<Boolean> activeProperty() {
    return active;
  }

  public StringProperty restartLsnProperty() {
    return restartLsn;
  }

  public StringProperty confirmedFlushLsnProperty() {
    return confirmedFlushLsn;
  }

  public LongProperty walRetainedBytesProperty() {
    return walRetainedBytes;
  }

  /** WAL the consumer has not acknowledged yet; -1 while unknown. */
  public LongProperty lagBytesProperty() {
    return lagBytes;
  }

  public ObservableList<XYChart.Data<Number, Number>> walPoints() {
    return walPoints;
  }
}
