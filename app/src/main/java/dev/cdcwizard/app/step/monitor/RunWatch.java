package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.app.task.CancellableExecutor;
import dev.cdcwizard.app.task.PeriodicTask;
import dev.cdcwizard.app.task.Tasks;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.launch.RunReport;
import dev.cdcwizard.engine.monitor.CheckpointReport;
import java.time.Duration;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.chart.XYChart;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The pipeline's job as the monitor follows it, one report every two seconds while the step shows and
 * the job runs: its latest checkpoints (each commits the writes before it) and the changes and records
 * (rows copied plus changes) per second, against the wall clock in epoch seconds.
 */
public final class RunWatch {
  private static final Logger LOG = LoggerFactory.getLogger(RunWatch.class);
  private static final Duration INTERVAL = Duration.ofSeconds(2);
  private static final int MAX_POINTS = 90;

  private final CancellableExecutor executor;
  private final ObservableList<CheckpointReport> checkpoints = FXCollections.observableArrayList();
  private final ObservableList<XYChart.Data<Number, Number>> changesPerSecond = FXCollections.observableArrayList();
  private final ObservableList<XYChart.Data<Number, Number>> recordsPerSecond = FXCollections.observableArrayList();
  private final BooleanProperty ended = new SimpleBooleanProperty(this, "ended", true);
  private PipelineRun watched;
  private RunReport previous;
  private PeriodicTask polling;
  private boolean failing;

  /** {@code executor} is the monitor step's: leaving the step stops the polling. */
  RunWatch(CancellableExecutor executor) {
    this.executor = executor;
  }

  void start(PipelineRun run) {
    stop();
    ended.set(false);
    polling = Tasks.create(run::report)
        .onSuccess(report -> show(run, report))
        .onError(Exception.class, this::failed)
        .runEvery(INTERVAL, executor);
  }

  void stop() {
    if (polling != null) {
      polling.stop();
      polling = null;
    }
  }

  /** Called on the FX thread with each report; a new run starts the charts afresh. */
  void show(PipelineRun run, RunReport report) {
    failing = false;
    if (run != watched) {
      watched = run;
      previous = null;
      checkpoints.clear();
      changesPerSecond.clear();
      recordsPerSecond.clear();
    }
    boolean ended = report.status().isGloballyTerminalState();
    if (!report.recentCheckpoints().isEmpty() || !ended) {
      checkpoints.setAll(report.recentCheckpoints());
    }
    if (ended) {
      // an ended job reports no progress; its last rates stay on the chart
      this.ended.set(true);
      stop();
      return;
    }
    if (previous != null) {
      addRates(previous, report);
    }
    previous = report;
  }

  private void addRates(RunReport before, RunReport now) {
    double seconds = Duration.between(before.at(), now.at()).toMillis() / 1000.0;
    long changes = now.progress().totalStreamedChanges() - before.progress().totalStreamedChanges();
    long records = changes + now.progress().totalSnapshotRows() - before.progress().totalSnapshotRows();
    if (seconds <= 0 || changes < 0 || records < 0) {
      return;
    }
    double at = now.at().toEpochMilli() / 1000.0;
    add(changesPerSecond, at, changes / seconds);
    add(recordsPerSecond, at, records / seconds);
  }

  private static void add(ObservableList<XYChart.Data<Number, Number>> points, double at, double value) {
    points.add(new XYChart.Data<>(at, value));
    if (points.size() > MAX_POINTS) {
      points.remove(0);
    }
  }

  /** The cluster may be restarting: the next poll tries again; logged once until one succeeds. */
  private void failed(Exception error) {
    if (!failing) {
      LOG.warn("Could not read the pipeline's job; retrying every {} s", INTERVAL.toSeconds(), error);
    }
    failing = true;
  }

  /**
   * Whether no job is watched running: none was started, or the watched one reached a final state, so
   * there is nothing to stop or cancel.
   */
  public BooleanProperty endedProperty() {
    return ended;
  }

  public boolean isPolling() {
    return polling != null && !polling.isStopped();
  }

  /** The latest completed checkpoints, newest first. */
  public ObservableList<CheckpointReport> checkpoints() {
    return checkpoints;
  }

  public ObservableList<XYChart.Data<Number, Number>> changesPerSecond() {
    return changesPerSecond;
  }

  /** Rows copied by the snapshot plus changes streamed, per second. */
  public ObservableList<XYChart.Data<Number, Number>> recordsPerSecond() {
    return recordsPerSecond;
  }
}
