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
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of the TaskManager mid-stream, with inserts, updates and deletes before and while it is gone:
 * the job restarts from its last checkpoint on a new one, and every row equals PostgreSQL's.
 */
class TaskManagerCrashIT {
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(150);

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
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1);
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    SubmittedPipeline job = new ClusterSubmission(cluster.client())
        .submit(yaml, LaunchOptions.FRESH);
    JobMonitor monitor = new JobMonitor(cluster.client());
    awaitTargetEqualsSource(target, "the initial snapshot");
    long checkpointBefore = monitor.report(job.jobId()).lastCheckpoint().orElseThrow().id();

    insertOrders(200, 220);
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id IN (101, 205, 207)");
    long lostTaskManager = cluster.taskManagerPids().get(0);
    ProcessHandle.of(lostTaskManager).orElseThrow().destroyForcibly();
    insertOrders(220, 240);
    postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = amount + 1 WHERE id % 2 = 0",
        "DELETE FROM public.orders WHERE id IN (102, 211, 222, 223)", "DELETE FROM public.orders WHERE id % 5 = 0");
    cluster.startTaskManager();

    JobReport recovered = await("the job to restart and run", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
        report -> report.restarts() >= 1 && report.running());
    assertThat(recovered.lastCheckpoint().orElseThrow().id()).isGreaterThanOrEqualTo(checkpointBefore);
    awaitTargetEqualsSource(target, "the rows written around the crash");
    assertThat(OrdersTables.duplicateKeys(target.tables())).isEmpty();
    new FlinkJobs(cluster.client()).cancel(job.jobId());
  }

  private static void insertOrders(int from, int to) throws Exception {
    for (int id = from; id < to; id++) {
      postgres.execute(SampleDatabase.DATABASE,
          "INSERT INTO public.orders VALUES (" + id + ", 'Customer " + id + "', " + id + ".50, 'NEW')");
    }
  }

  private static void awaitTargetEqualsSource(TargetPreview target, String step) throws Exception {
    await(step, STEP_TIMEOUT,
        () -> OrdersTables.target(target.tables()).equals(OrdersTables.source(postgres)),
        Boolean.TRUE::equals);
  }
}
