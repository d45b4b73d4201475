package dev.cdcwizard.app.step.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.apache.flink.api.common.JobStatus;
import org.junit.jupiter.api.Test;

/** How a Flink job's status and the rows copied so far become the status the launch step shows. */
class PipelineSnapshotTest {
  private static final List<TableProgress> COPIED = List.of(new TableProgress("public.orders", 2, 2));
  private static final List<TableProgress> COPYING =
      List.of(new TableProgress("public.orders", 2, 2), new TableProgress("public.items", 400, 1000));

  @Test
  void aFailedJobIsFailed() {
    assertThat(PipelineSnapshot.status(JobStatus.FAILED, COPIED, 3)).isEqualTo(PipelineStatus.FAILED);
  }

  @Test
  void aJobThatEndedOrIsEndingIsStopped() {
    for (JobStatus job : List.of(JobStatus.CANCELED, JobStatus.CANCELLING, JobStatus.FINISHED, JobStatus.SUSPENDED)) {
      assertThat(PipelineSnapshot.status(job, COPIED, 3)).as(job.name()).isEqualTo(PipelineStatus.STOPPED);
    }
  }

  @Test
  void aJobRestartingAfterAnErrorIsShownAsSuchEvenAfterItsSnapshot() {
    for (JobStatus job : List.of(JobStatus.FAILING, JobStatus.RESTARTING)) {
      assertThat(PipelineSnapshot.status(job, COPIED, 3)).as(job.name()).isEqualTo(PipelineStatus.RESTARTING);
    }
  }

  @Test
  void aJobNotRunningYetCountsAsCopying() {
    for (JobStatus job : List.of(JobStatus.CREATED, JobStatus.INITIALIZING)) {
      assertThat(PipelineSnapshot.status(job, COPYING, 0)).as(job.name()).isEqualTo(PipelineStatus.SNAPSHOT);
    }
  }

  @Test
  void streamingOnceEveryTableHasItsEstimatedRowsAndACheckpointCommittedThem() {
    assertThat(PipelineSnapshot.status(JobStatus.RUNNING, COPYING, 1)).as("a table short of its estimate")
        .isEqualTo(PipelineStatus.SNAPSHOT);
    assertThat(PipelineSnapshot.status(JobStatus.RUNNING, COPIED, 0)).as("not committed to Iceberg yet")
        .isEqualTo(PipelineStatus.SNAPSHOT);
    assertThat(PipelineSnapshot.status(JobStatus.RUNNING, COPIED, 1)).isEqualTo(PipelineStatus.STREAMING);
  }

  @Test
  void aTableNeverAnalyzedIsDoneWithTheFirstCheckpoint() {
    List<TableProgress> unknownEstimate = List.of(new TableProgress("public.orders", 0, -1));

    assertThat(PipelineSnapshot.status(JobStatus.RUNNING, unknownEstimate, 0)).isEqualTo(PipelineStatus.SNAPSHOT);
    assertThat(PipelineSnapshot.status(JobStatus.RUNNING, unknownEstimate, 1)).isEqualTo(PipelineStatus.STREAMING);
  }

  @Test
  void theEnginesOwnSnapshotSaysWhenItEnds() {
    assertThat(PipelineSnapshot.status(JobStatus.RUNNING, Optional.of(false), COPIED, 3))
        .as("copying, whatever the estimates say").isEqualTo(PipelineStatus.SNAPSHOT);
    assertThat(PipelineSnapshot.status(JobStatus.RUNNING, Optional.of(true), COPYING, 0))
        .as("handed over to streaming").isEqualTo(PipelineStatus.STREAMING);
    assertThat(PipelineSnapshot.status(JobStatus.FAILED, Optional.of(false), COPYING, 0)).isEqualTo(PipelineStatus.FAILED);
    assertThat(PipelineSnapshot.status(JobStatus.RUNNING, Optional.empty(), COPIED, 1)).isEqualTo(PipelineStatus.STREAMING);
  }
}
