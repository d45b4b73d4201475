package dev.cdcwizard.engine.launch;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.monitor.JobMonitor;
import dev.cdcwizard.engine.monitor.JobReport;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.testing.ClusterSubmission;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.JdbcCatalogOnS3;
import dev.cdcwizard.engine.testing.S3CompatibleServer;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Issue 28's production set-up on a local session cluster: Iceberg tables in S3-compatible storage
 * (s3proxy) behind Iceberg's JDBC catalog in PostgreSQL, an application inserting, updating and deleting
 * throughout. The TaskManager killed during the copy and again while streaming, each followed by what the
 * user does (a TaskManager started again); the JobManager killed while streaming, then the cluster
 * started and the job resumed from its last checkpoint, then stopped with a savepoint and resumed on the
 * same cluster, where the second job must find the catalog's JDBC driver without a restart. Each ends with
 * every row equal to PostgreSQL's, the copy appended without an equality delete, and only the pipeline's
 * slot. Under -Plong: {@link ClusterCrashIT} keeps the same kills on a local warehouse in the suite.
 */
@Tag("long")
class ObjectStoreClusterCrashIT {
  private static final Logger LOG = LoggerFactory.getLogger(ObjectStoreClusterCrashIT.class);
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(150);
  private static final String BUCKET = "lake";
  /**
   * Enough rows for the copy to last while the test finds it and kills the TaskManager (two readers copy
   * 150,000 rows before a poll sees them), and few enough for the comparison, which reads 1,000,000.
   */
  private static final int COPIED_ROWS = 600_000;

  @TempDir static Path folder;
  private static EmbeddedPostgresServer postgres;
  private static S3CompatibleServer s3;
  private static LocalFlinkCluster cluster;

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders",
        TutorialFixture.insertOrders(3000));
    s3 = S3CompatibleServer.start(folder.resolve("s3"), BUCKET);
    cluster = LocalFlinkCluster.start(home());
  }

  @AfterEach
  void cancelJobsAndDropTheSlot() throws Exception {
    new ClusterSubmission(cluster.client()).cancelRunningJobs();
    await("the slot to become inactive", STEP_TIMEOUT,
        () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE, "cdc_orders"), active -> active != Boolean.TRUE);
    postgres.execute(SampleDatabase.DATABASE,
        "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = 'cdc_orders'");
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.stop();
    }
    if (s3 != null) {
      s3.close();
    }
    if (postgres != null) {
      postgres.close();
    }
  }

  @Test
  void theTaskManagerKilledDuringTheCopyAndWhileStreaming() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.orders SELECT 100000 + i,"
        + " repeat('customer ', 8) || i, i / 100.0, 'NEW' FROM generate_series(1, " + COPIED_ROWS + ") i");
    String yaml = yaml("catalog_tm");
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    JobMonitor monitor = new JobMonitor(cluster.client());
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, 3000)) {
      SubmittedPipeline job = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH, true);
      await("a snapshot reader's COPY", STEP_TIMEOUT, () -> TutorialFixture.queryValue(postgres,
          SampleDatabase.DATABASE, "SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
              + " AND query LIKE 'COPY %'"), copies -> !"0".equals(copies));
      killTheTaskManagerAndStartAnother();
      await("the job to restart and run", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.restarts() >= 1 && report.running());
      await("the copy after the crash", STEP_TIMEOUT, () -> target.tables().rowCount(OrdersTables.ODS_ORDERS),
          rows -> rows > COPIED_ROWS);
      long restarts = monitor.report(job.jobId()).restarts();
      await("a checkpoint while streaming", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.lastCheckpoint().isPresent());
      Thread.sleep(2000);
      killTheTaskManagerAndStartAnother();
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id IN (101, 1205, 1207)");
      await("the job to restart and run again", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.restarts() > restarts && report.running());
      Thread.sleep(3000);
    }
    try {
      SourceTargetDiff.awaitOrdersEqual("the copy and every change around the two kills", STEP_TIMEOUT, postgres,
          target.tables());
    } catch (AssertionError e) {
      keepDiagnostics(target);
      throw e;
    }
    assertThat(target.tables().snapshots(OrdersTables.ODS_ORDERS)).as("the copy is appended without an equality delete")
        .anySatisfy(commit -> {
          assertThat(commit.addedRecords()).isGreaterThan(COPIED_ROWS);
          assertThat(commit.addedEqualityDeletes()).isZero();
        });
    assertOnlyThePipelinesSlotIsLeft();
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id > 100000");
  }

  @Test
  void theJobManagerKilledWhileStreamingThenASavepointOnTheSameCluster() throws Exception {
    String yaml = yaml("catalog_jm");
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    SubmittedPipeline job = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH, true);
    SourceTargetDiff.awaitOrdersEqual("the copy", STEP_TIMEOUT, postgres, target.tables());
    SubmittedPipeline resumed;
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, 4000)) {
      await("a checkpoint while streaming", STEP_TIMEOUT, () -> new JobMonitor(cluster.client()).report(job.jobId()),
          report -> report.lastCheckpoint().isPresent());
      Thread.sleep(2000);
      ProcessHandle.of(cluster.jobManagerPid()).orElseThrow().destroyForcibly();
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id IN (1301, 1302, 1303)");
      Thread.sleep(3000);
      Path checkpoint = ClusterSubmission.lastCheckpoint(folder.resolve("flink").resolve("checkpoints").resolve(job.jobId()));
      cluster = LocalFlinkCluster.start(home());
      resumed = new ClusterSubmission(cluster.client()).submit(yaml, new LaunchOptions(checkpoint.toString(), null));
      await("the resumed job to run", STEP_TIMEOUT, () -> new JobMonitor(cluster.client()).report(resumed.jobId()),
          JobReport::running);
      Thread.sleep(3000);
    }
    SourceTargetDiff.awaitOrdersEqual("the rows written around the JobManager's death", STEP_TIMEOUT, postgres,
        target.tables());

    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, 5000)) {
      Thread.sleep(2000);
      String savepoint = ClusterPipelineRun.stopJob(cluster.client(), resumed.jobId());
      SubmittedPipeline again = new ClusterSubmission(cluster.client())
          .submit(yaml, LaunchOptions.FRESH.resumingFrom(savepoint));
      JobMonitor monitor = new JobMonitor(cluster.client());
      long checkpoint = await("a checkpoint of the job resumed on the same cluster", STEP_TIMEOUT,
          () -> monitor.report(again.jobId()), report -> report.lastCheckpoint().isPresent())
          .lastCheckpoint().orElseThrow().id();
      await("two more checkpoints", STEP_TIMEOUT, () -> monitor.report(again.jobId()),
          report -> report.lastCheckpoint().orElseThrow().id() >= checkpoint + 2);
      assertThat(monitor.report(again.jobId()).restarts()).as("the second job in the TaskManager finds its driver")
          .isZero();
    }
    SourceTargetDiff.awaitOrdersEqual("the rows written around the savepoint", STEP_TIMEOUT, postgres,
        target.tables());
    assertOnlyThePipelinesSlotIsLeft();
  }

  /** The cluster's logs and the table's commits, for a failed run's diagnosis. */
  private static void keepDiagnostics(TargetPreview target) throws Exception {
    Path kept = Files.createDirectories(Path.of("target", "object-store-crash-diagnostics"));
    try (var logs = Files.list(folder.resolve("flink").resolve("log"))) {
      for (Path log : logs.toList()) {
        Files.copy(log, kept.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
    target.tables().snapshots(OrdersTables.ODS_ORDERS).forEach(commit -> LOG.info("commit {}", commit));
    LOG.info("rows in Iceberg {}, in PostgreSQL {}", target.tables().rowCount(OrdersTables.ODS_ORDERS),
        TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE, "SELECT count(*) FROM public.orders"));
  }

  private static LocalClusterHome home() {
    return new LocalClusterHome(folder.resolve("flink"));
  }

  private static void killTheTaskManagerAndStartAnother() throws Exception {
    ProcessHandle killed = cluster.taskManagerPids().stream().flatMap(pid -> ProcessHandle.of(pid).stream())
        .filter(ProcessHandle::isAlive).findFirst().orElseThrow();
    killed.destroyForcibly();
    killed.onExit().get();
    cluster.startTaskManager();
  }

  /** The tutorial's YAML into a JDBC catalog of its own in the test PostgreSQL, with tables on s3proxy. */
  private static String yaml(String catalogDatabase) throws Exception {
    return JdbcCatalogOnS3.withCatalog(TutorialFixture.pipelineYaml(postgres, folder.resolve("unused"), 2),
        JdbcCatalogOnS3.create(postgres, s3, BUCKET, catalogDatabase));
  }

  private static void assertOnlyThePipelinesSlotIsLeft() throws Exception {
    assertThat(TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
        "SELECT string_agg(slot_name, ',') FROM pg_replication_slots")).isEqualTo("cdc_orders");
  }
}
