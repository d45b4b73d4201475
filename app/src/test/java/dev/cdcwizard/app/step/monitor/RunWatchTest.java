package dev.cdcwizard.app.step.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.cdcwizard.app.task.CancellableExecutor;
import dev.cdcwizard.app.testsupport.FakePipelineRun;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.launch.RunReport;
import dev.cdcwizard.engine.monitor.CheckpointReport;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.scene.chart.XYChart;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.Test;

/** The monitor's rates and checkpoints from the job's reports, as the engine hands them. */
class RunWatchTest {
  private static final Instant T0 = Instant.parse("2026-01-05T09:00:00Z");
  private static final CheckpointReport FIRST = new CheckpointReport(1, T0, 4096, Duration.ofMillis(120), "", false);
  private static final CheckpointReport SECOND =
      new CheckpointReport(2, T0.plusSeconds(3), 8192, Duration.ofMillis(90), "", false);

  private final RunWatch watch = new RunWatch(new CancellableExecutor(Runnable::run));
  private final FakePipelineRun run = FakePipelineRun.onCluster();

  @Test
  void changesAndRecordsPerSecondAreChartedAgainstTheWallClock() {
    watch.show(run, report(T0, JobStatus.RUNNING, 100, 0, List.of()));
    watch.show(run, report(T0.plusSeconds(2), JobStatus.RUNNING, 100, 40, List.of(FIRST)));
    watch.show(run, report(T0.plusSeconds(4), JobStatus.RUNNING, 100, 50, List.of(SECOND, FIRST)));

    double second = T0.getEpochSecond();
    assertThat(watch.changesPerSecond()).extracting(XYChart.Data::getXValue, XYChart.Data::getYValue)
        .containsExactly(tuple(second + 2, 20.0), tuple(second + 4, 5.0));
    assertThat(watch.recordsPerSecond()).extracting(XYChart.Data::getYValue).containsExactly(20.0, 5.0);
    assertThat(watch.checkpoints()).containsExactly(SECOND, FIRST);
  }

  @Test
  void theSnapshotsRowsCountAsRecordsNotAsChanges() {
    watch.show(run, report(T0, JobStatus.RUNNING, 0, 0, List.of()));
    watch.show(run, report(T0.plusSeconds(2), JobStatus.RUNNING, 3000, 0, List.of()));

    assertThat(watch.changesPerSecond()).extracting(XYChart.Data::getYValue).containsExactly(0.0);
    assertThat(watch.recordsPerSecond()).extracting(XYChart.Data::getYValue).containsExactly(1500.0);
  }

  @Test
  void anEndedJobKeepsItsLastCheckpointsAndRatesAndANewRunStartsAfresh() {
    watch.show(run, report(T0, JobStatus.RUNNING, 0, 0, List.of()));
    watch.show(run, report(T0.plusSeconds(2), JobStatus.RUNNING, 0, 10, List.of(FIRST)));
    watch.show(run, report(T0.plusSeconds(4), JobStatus.FINISHED, 0, 0, List.of()));

    assertThat(watch.changesPerSecond()).hasSize(1);
    assertThat(watch.checkpoints()).containsExactly(FIRST);

    watch.show(FakePipelineRun.onCluster(), report(T0.plusSeconds(6), JobStatus.RUNNING, 0, 0, List.of()));
    assertThat(watch.changesPerSecond()).isEmpty();
    assertThat(watch.checkpoints()).isEmpty();
  }

  private static RunReport report(Instant at, JobStatus status, long snapshotRows, long changes,
      List<CheckpointReport> checkpoints) {
    PipelineProgress progress = status.isGloballyTerminalState() ? RunReport.noProgress()
        : PipelineProgress.fromAccumulators(Map.of("snapshot-rows:public.orders", snapshotRows,
            "streamed-changes:public.orders", changes));
    return new RunReport(at, status, progress, checkpoints.size(), checkpoints, Optional.empty());
  }
}
