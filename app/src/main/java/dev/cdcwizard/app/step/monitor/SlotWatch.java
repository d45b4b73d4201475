package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.engine.UserMessages;
import dev.cdcwizard.engine.postgres.slot.LagClock;
import dev.cdcwizard.engine.postgres.slot.SlotSample;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import dev.cdcwizard.engine.postgres.slot.SlotWarnings;
import dev.cdcwizard.i18n.Message;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.chart.XYChart;

/**
 * The slot as the last sample showed it, its lag in time, the engine's warnings about it (inactive,
 * past the user's limit of retained WAL, WAL unreserved or lost, max_slot_wal_keep_size reached soon at
 * the pace of the last minutes), and the WAL it retained over time ({@link WalChartPoints}).
 */
public final class SlotWatch {
  private static final double MEGABYTE = 1024.0 * 1024.0;
  private static final int MAX_POINTS = 90;
  /** Samples come every 2 s while the monitor is open; five missed ones are a gap in the chart. */
  private static final double GAP_SECONDS = 10;
  private static final int DEFAULT_LIMIT_MEGABYTES = 1024;
  private static final Duration FORECAST_WINDOW = Duration.ofMinutes(5);

  private final ObjectProperty<Boolean> active = new SimpleObjectProperty<>(this, "active");
  private final StringProperty restartLsn = new SimpleStringProperty(this, "restartLsn");
  private final StringProperty confirmedFlushLsn = new SimpleStringProperty(this, "confirmedFlushLsn");
  private final LongProperty walRetainedBytes = new SimpleLongProperty(this, "walRetainedBytes", -1);
  private final LongProperty lagBytes = new SimpleLongProperty(this, "lagBytes", -1);
  private final ObjectProperty<LagClock.Lag> lagTime = new SimpleObjectProperty<>(this, "lagTime");
  private final WalChartPoints walPoints = new WalChartPoints(MAX_POINTS, GAP_SECONDS);
  private LagClock clock = new LagClock();
  private String followed;
  private final IntegerProperty warnAboveMegabytes =
      new SimpleIntegerProperty(this, "warnAboveMegabytes", DEFAULT_LIMIT_MEGABYTES);
  private final ObservableList<Message> warnings = FXCollections.observableArrayList();
  private final Deque<SlotSample> recent = new ArrayDeque<>();

  SlotWatch() {
    warnAboveMegabytes.addListener((observable, before, limit) -> warn());
  }

  /**
   * Which slot the samples are of (server, database and slot name): another one than before starts with
   * nothing shown, so no chart or warning of the previous database's slot carries over to it.
   */
  void follow(String slot) {
    if (slot.equals(followed)) {
      return;
    }
    followed = slot;
    clock = new LagClock();
    recent.clear();
    walPoints.clear();
    warnings.clear();
    active.set(null);
    restartLsn.set(null);
    confirmedFlushLsn.set(null);
    walRetainedBytes.set(-1);
    lagBytes.set(-1);
    lagTime.set(null);
  }

  /** Called on the FX thread. A slot that does not exist (yet, or any more) shows as unknown. */
  void show(SlotSample sample) {
    Optional<SlotStatus> main = sample.status().main();
    active.set(main.isPresent() ? sample.status().active() : null);
    restartLsn.set(main.flatMap(SlotStatus::restartLsn).orElse(null));
    confirmedFlushLsn.set(main.flatMap(SlotStatus::confirmedFlushLsn).orElse(null));
    walRetainedBytes.set(sample.status().walRetainedBytes().orElse(-1));
    lagBytes.set(main.map(slot -> slot.flushLagBytes().orElse(-1)).orElse(-1L));
    lagTime.set(clock.read(sample).orElse(null));
    recent.addLast(sample);
    // the forecast's pace: the samples of the last few minutes
    while (Duration.between(recent.getFirst().at(), sample.at()).compareTo(FORECAST_WINDOW) > 0) {
      recent.removeFirst();
    }
    warn();
    if (walRetainedBytes.get() >= 0) {
      walPoints.add(sample.at().toEpochMilli() / 1000.0, walRetainedBytes.get());
    } else {
      walPoints.breakLine();
    }
  }

  private void warn() {
    if (!recent.isEmpty()) {
      OptionalLong limit = OptionalLong.of((long) (Math.max(0, warnAboveMegabytes.get()) * MEGABYTE));
      warnings.setAll(SlotWarnings.of(List.copyOf(recent), limit).stream().map(UserMessages::of).toList());
    }
  }

  /** The WAL retained, in MB, above which the monitor warns; the user sets it. */
  public IntegerProperty warnAboveMegabytesProperty() {
    return warnAboveMegabytes;
  }

  /** What puts the server or the pipeline at risk, as of the last sample. */
  public ObservableList<Message> warnings() {
    return warnings;
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

  /** How long the oldest change the slot has not confirmed has waited; null while unknown. */
  public ObjectProperty<LagClock.Lag> lagTimeProperty() {
    return lagTime;
  }

  /** The WAL chart's lines, one per stretch of samples without a gap. */
  public ObservableList<XYChart.Series<Number, Number>> walLines() {
    return walPoints.lines();
  }

  /** The unit the WAL chart's points are in, which changes with the largest amount shown. */
  public ReadOnlyObjectProperty<WalChartPoints.Unit> walUnitProperty() {
    return walPoints.unitProperty();
  }
}
