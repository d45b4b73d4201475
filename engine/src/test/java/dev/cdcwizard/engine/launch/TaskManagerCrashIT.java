package dev.cdcwizard.engine.launch;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.monitor.JobMonitor;
import dev.cdcwizard.engine.monitor.JobReport;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.testing.ClusterSubmission;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * kill -9 of the TaskManager mid-stream while an application inserts, updates and deletes, before, while
 * and after it is gone: the job restarts from its last checkpoint on a new one, and every row equals
 * PostgreSQL's, value for value.
 */
class TaskManagerCrashIT {
  private static final Logger LOG = LoggerFactory.getLogger(TaskManagerCrashIT.class);
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(150);
  private static final int EXISTING_ROWS = 3000;

  @TempDir static Path home;
  @TempDir static Path warehouse;
  private static EmbeddedPostgresServer postgres;
  private static LocalFlinkCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    cluster = LocalFlinkCluster.start(new LocalClusterHome(home));
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.stop();
    }
    if (postgres != null) {
      postgres.close();
    }
  }

  @Test
  void recoversFromItsCheckpointOnANewTaskManager() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, TutorialFixture.insertOrders(EXISTING_ROWS));
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2);
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    SubmittedPipeline job = new ClusterSubmission(cluster.client())
        .submit(yaml, LaunchOptions.FRESH);
    JobMonitor monitor = new JobMonitor(cluster.client());
    awaitTargetEqualsSource(target, "the initial snapshot");
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, EXISTING_ROWS + 1000)) {
      long checkpointBefore = await("a checkpoint while streaming", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.lastCheckpoint().isPresent()).lastCheckpoint().orElseThrow().id();
      Thread.sleep(2000);
      ProcessHandle.of(cluster.taskManagerPids().get(0)).orElseThrow().destroyForcibly();
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id IN (101, 1205, 1207)");
      Thread.sleep(3000);
      cluster.startTaskManager();
      JobReport recovered = await("the job to restart and run", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.restarts() >= 1 && report.running());
      assertThat(recovered.lastCheckpoint().orElseThrow().id()).isGreaterThanOrEqualTo(checkpointBefore);
      Thread.sleep(3000);
      workload.close();
      LOG.info("The application made {} changes", workload.changes());
    }
    SourceTargetDiff.awaitOrdersEqual("the rows written around the crash", STEP_TIMEOUT, postgres, target.tables());
    new FlinkJobs(cluster.client()).cancel(job.jobId());
  }

  private static void awaitTargetEqualsSource(TargetPreview target, String step) throws Exception {
    await(step, STEP_TIMEOUT,
        () -> OrdersTables.target(target.tables()).equals(OrdersTables.source(postgres)),
        Boolean.TRUE::equals);
  }
}
