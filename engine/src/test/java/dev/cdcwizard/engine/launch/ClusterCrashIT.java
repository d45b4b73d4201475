package dev.cdcwizard.engine.launch;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.monitor.JobMonitor;
import dev.cdcwizard.engine.monitor.JobReport;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.SnapshotEntry;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.testing.ClusterSubmission;
import dev.cdcwizard.engine.testing.IcebergKeyHistory;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * kill -9 of a local session cluster's processes while an application inserts, updates and deletes,
 * before, while and after they are gone. The TaskManager: mid-stream, the job restarts from its last
 * checkpoint on a new one; during the engine's own snapshot, which the job's tasks copy, the job copies
 * again from a new slot. The JobManager, whose jobs die with it (no HA): the user starts the cluster
 * again and resumes from the job's last retained checkpoint. Every row then equals PostgreSQL's, value
 * for value, and the snapshot's rows came without an equality delete. A savepoint taken during the copy;
 * under -Plong also a PostgreSQL target after a TaskManager kill and after a JobManager kill mid-stream.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterCrashIT {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterCrashIT.class);
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(150);
  private static final int EXISTING_ROWS = 3000;
  /** Enough rows for the copy to last while the test finds it and kills the TaskManager. */
  private static final int COPIED_ROWS = 150_000;

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

  /** A test that failed left its job running on the slot the next one takes. */
  @AfterEach
  void cancelJobs() throws Exception {
    new ClusterSubmission(cluster.client()).cancelRunningJobs();
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
  @Order(1)
  void recoversFromItsCheckpointOnANewTaskManager() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, TutorialFixture.insertOrders(EXISTING_ROWS));
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2);
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    SubmittedPipeline job = new ClusterSubmission(cluster.client())
        .submit(yaml, LaunchOptions.FRESH);
    JobMonitor monitor = new JobMonitor(cluster.client());
    awaitTargetEqualsSource(target, "the initial snapshot");
    OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, EXISTING_ROWS + 1000);
    try (workload) {
      long checkpointBefore = await("a checkpoint while streaming", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.lastCheckpoint().isPresent()).lastCheckpoint().orElseThrow().id();
      Thread.sleep(2000);
      ProcessHandle killed = liveTaskManager();
      killed.destroyForcibly();
      killed.onExit().get();
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id IN (101, 1205, 1207)");
      Cli status = cli("cluster", "status", "--home", home.toString());
      assertThat(status.exit()).as(status.out()).isEqualTo(1);
      assertThat(status.out()).contains("no TaskManager does", "cdc-wizard cluster start");
      Thread.sleep(3000);
      // what a user does: cluster start, which keeps the running JobManager and its job
      Cli start = cli("cluster", "start", "--home", home.toString());
      assertThat(start.exit()).as(start.out()).isZero();
      assertThat(start.out()).contains("Starting a TaskManager", cluster.restUrl().toString());
      cluster = LocalFlinkCluster.findRunning(new LocalClusterHome(home)).orElseThrow();
      assertThat(cluster.liveTaskManagerPids()).hasSize(1);
      JobReport recovered = await("the job to restart and run", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.restarts() >= 1 && report.running());
      assertThat(recovered.lastCheckpoint().orElseThrow().id()).isGreaterThanOrEqualTo(checkpointBefore);
      LOG.info("Checkpoint {} before the kill, {} after the restart", checkpointBefore,
          recovered.lastCheckpoint().orElseThrow().id());
      Thread.sleep(3000);
      workload.close();
      LOG.info("The application made {} changes", workload.changes());
    }
    awaitEqualOrKeepDiagnostics("the rows written around the crash", target, workload, warehouse);
  }

  /** Enough rows for the copy to last while the test finds it ({@link #awaitACopy}); kept by the next test. */
  private static void insertRowsToCopy() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.orders SELECT 100000 + i, repeat('customer ', 8) || i,"
        + " i / 100.0, 'NEW' FROM generate_series(1, " + COPIED_ROWS + ") i ON CONFLICT (id) DO NOTHING");
  }

  private static void awaitACopy() throws Exception {
    await("a snapshot reader's COPY", STEP_TIMEOUT, () -> TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
        "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'COPY %'"), "1"::equals);
  }

  private static void assertOnlyThePipelinesSlotIsLeft() throws Exception {
    assertThat(TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
        "SELECT string_agg(slot_name, ',') FROM pg_replication_slots")).isEqualTo("cdc_orders");
  }

  /** Every row equal, value for value; else the cluster's logs and each differing key's story are kept. */
  private static void awaitEqualOrKeepDiagnostics(String step, TargetPreview target, OrdersWorkload workload, Path lake)
      throws Exception {
    try {
      SourceTargetDiff.awaitOrdersEqual(step, STEP_TIMEOUT, postgres, target.tables());
    } catch (AssertionError e) {
      keepDiagnostics(workload, lake, e.getMessage());
      throw e;
    }
  }

  /** The cluster's logs, and what the application did to each key that differs, for a failed run's diagnosis. */
  private static void keepDiagnostics(OrdersWorkload workload, Path lake, String failure) throws Exception {
    Path kept = Files.createDirectories(Path.of("target", "cluster-crash-diagnostics"));
    try (var logs = Files.list(home.resolve("log"))) {
      for (Path log : logs.toList()) {
        Files.copy(log, kept.resolve(log.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    Matcher keys = Pattern.compile("key (\\d+)").matcher(failure);
    while (keys.find()) {
      long key = Long.parseLong(keys.group(1));
      LOG.info("key {}: the application {}", key, workload.history(key));
      LOG.info("key {} in Iceberg's commits:\n{}", key,
          String.join("\n", IcebergKeyHistory.of(lake, OrdersTables.ODS_ORDERS, "id", key)));
    }
    LOG.info("Slots: {}", TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
        "SELECT string_agg(slot_name || ' ' || confirmed_flush_lsn || ' ' || restart_lsn, '; ') FROM pg_replication_slots"));
  }

  @Test
  @Tag("long")
  @Order(2)
  void killedDuringTheCopyTheJobCopiesAgainFromANewSlot(@TempDir Path lake) throws Exception {
    insertRowsToCopy();
    String yaml = TutorialFixture.pipelineYaml(postgres, lake, 1);
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    JobMonitor monitor = new JobMonitor(cluster.client());
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, 3000)) {
      SubmittedPipeline job = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH, true);
      awaitACopy();
      liveTaskManager().destroyForcibly();
      cluster.startTaskManager();
      await("the job to restart and run", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.restarts() >= 1 && report.running());
      await("the copy after the crash", STEP_TIMEOUT, () -> target.tables().rowCount(OrdersTables.ODS_ORDERS),
          rows -> rows > COPIED_ROWS);
      Thread.sleep(2000);
      workload.close();
      SourceTargetDiff.awaitOrdersEqual("the copy and the changes made during and after it", STEP_TIMEOUT, postgres,
          target.tables());
    }
    List<SnapshotEntry> history = target.tables().snapshots(OrdersTables.ODS_ORDERS);
    assertThat(history).as("the copy is appended once, with no equality delete")
        .anySatisfy(commit -> {
          assertThat(commit.addedRecords()).isGreaterThan(COPIED_ROWS);
          assertThat(commit.addedEqualityDeletes()).isZero();
        });
    assertOnlyThePipelinesSlotIsLeft();
  }

  /** Last: it starts the cluster anew. */
  @Test
  @Order(3)
  void afterTheJobManagerIsKilledTheJobResumesFromItsLastCheckpoint(@TempDir Path lake) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, lake, 2);
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    SubmittedPipeline job = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH, true);
    SourceTargetDiff.awaitOrdersEqual("the copy", STEP_TIMEOUT, postgres, target.tables());
    OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, EXISTING_ROWS + 1000);
    try (workload) {
      JobMonitor monitor = new JobMonitor(cluster.client());
      await("a checkpoint while streaming", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
          report -> report.lastCheckpoint().isPresent());
      Thread.sleep(2000);
      ProcessHandle.of(cluster.jobManagerPid()).orElseThrow().destroyForcibly();
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id IN (1301, 1302, 1303)");
      Thread.sleep(3000);
      Path checkpoint = ClusterSubmission.lastCheckpoint(home.resolve("checkpoints").resolve(job.jobId()));
      cluster = LocalFlinkCluster.start(new LocalClusterHome(home));
      SubmittedPipeline resumed = new ClusterSubmission(cluster.client())
          .submit(yaml, new LaunchOptions(checkpoint.toString(), null));
      await("the resumed job to run", STEP_TIMEOUT, () -> new JobMonitor(cluster.client()).report(resumed.jobId()),
          JobReport::running);
      Thread.sleep(3000);
    }
    awaitEqualOrKeepDiagnostics("the rows written around the crash", target, workload, lake);
    assertOnlyThePipelinesSlotIsLeft();
  }

  /** After the first: the copy nothing committed yet is started again by a plain submit. */
  @Test
  @Tag("long")
  @Order(4)
  void afterTheJobManagerIsKilledDuringTheCopyASubmitCopiesAgain(@TempDir Path lake) throws Exception {
    insertRowsToCopy();
    String yaml = TutorialFixture.pipelineYaml(postgres, lake, 1);
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, 3000);
    try (workload) {
      new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH, true);
      awaitACopy();
      ProcessHandle.of(cluster.jobManagerPid()).orElseThrow().destroyForcibly();
      cluster = LocalFlinkCluster.start(new LocalClusterHome(home));
      SubmittedPipeline again = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH);
      await("the copy after the crash", STEP_TIMEOUT, () -> target.tables().rowCount(OrdersTables.ODS_ORDERS),
          rows -> rows > COPIED_ROWS);
      await("the job to stream", STEP_TIMEOUT, () -> new JobMonitor(cluster.client()).report(again.jobId()),
          JobReport::running);
      Thread.sleep(2000);
    }
    awaitEqualOrKeepDiagnostics("the copy and the changes made during and after it", target, workload, lake);
    assertOnlyThePipelinesSlotIsLeft();
  }

  /**
   * The PostgreSQL target: what its writer committed and the position the slot confirmed come back
   * together from the checkpoint, so no change is lost or applied twice across the kill. Under -Plong: the
   * suite keeps the embedded kill of a PostgreSQL target ({@code PostgresTargetCrashIT}) and this class's
   * TaskManager kill with an Iceberg target, which restarts the job the same way.
   */
  @Test
  @Tag("long")
  @Order(5)
  void aPostgresTargetRecoversFromItsCheckpointOnANewTaskManager() throws Exception {
    try (PostgresPairFixture pair = PostgresPairFixture.start("cluster_crash")) {
      pair.onSource("CREATE TABLE public.orders (id bigint PRIMARY KEY, customer_name varchar(255),"
              + " amount numeric(10,2), order_status varchar(32))",
          "INSERT INTO public.orders SELECT i, 'customer ' || i, i / 100.0, 'NEW' FROM generate_series(1, "
              + EXISTING_ROWS + ") i",
          "CREATE PUBLICATION pg_cluster_crash FOR TABLE public.orders");
      String yaml = pair.pipelineYaml("public.orders", "pg_cluster_crash", "pipeline:", "  parallelism: 2");
      SubmittedPipeline job = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH);
      awaitTargetEqualsSource(pair, "the copy");
      JobMonitor monitor = new JobMonitor(cluster.client());
      try (OrdersWorkload workload = new OrdersWorkload(pair.source(), pair.sourceDatabase(), EXISTING_ROWS)) {
        await("a checkpoint while streaming", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
            report -> report.lastCheckpoint().isPresent());
        Thread.sleep(2000);
        ProcessHandle killed = liveTaskManager();
        killed.destroyForcibly();
        killed.onExit().get();
        pair.onSource("DELETE FROM public.orders WHERE id IN (11, 1205, 1207)");
        cluster.startTaskManager();
        await("the job to restart and run", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
            report -> report.restarts() >= 1 && report.running());
        Thread.sleep(3000);
        workload.close();
        LOG.info("The application made {} changes", workload.changes());
      }
      awaitTargetEqualsSource(pair, "the rows written around the crash");
      assertThat(TutorialFixture.queryValue(pair.source(), pair.sourceDatabase(), "SELECT string_agg(slot_name, ',')"
          + " FROM pg_replication_slots WHERE database = current_database()")).isEqualTo("pg_cluster_crash");
    }
  }

  /**
   * Issue 28: a savepoint taken while the job copies. The copy cannot go on from it (its exported snapshot
   * ended with the job), so the job resumed from it empties the tables and copies again from a new slot,
   * and ends equal to the source with the changes made meanwhile. The stopped copy leaves no data file:
   * the single reader has handed over the files of orders and waits for a lock the test holds on the
   * second table, returns, when the savepoint is taken.
   */
  @Test
  @Order(6)
  void aSavepointTakenDuringTheCopyResumesIntoANewCopy(@TempDir Path lake) throws Exception {
    insertRowsToCopy();
    postgres.execute(SampleDatabase.DATABASE, "CREATE TABLE public.returns (id int PRIMARY KEY, reason text)",
        "INSERT INTO public.returns SELECT i, 'reason ' || i FROM generate_series(1, 500) i",
        "ALTER TABLE public.returns REPLICA IDENTITY FULL", "ALTER PUBLICATION cdc_orders ADD TABLE public.returns");
    String yaml = TutorialFixture.pipelineYaml(postgres, lake, 1)
        .replace("tables: inventory.public.orders", "tables: inventory.public.orders,inventory.public.returns")
        .replace("route:\n", "route:\n  - source-table: public.returns\n    sink-table: ods.returns\n");
    TargetPreview target = new TargetPreview(new PipelineYamlReader().read(yaml));
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, 3000);
        Connection lock = postgres.connect(SampleDatabase.DATABASE)) {
      SubmittedPipeline job = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH, true);
      awaitACopy();
      lock.setAutoCommit(false);
      try (Statement statement = lock.createStatement()) {
        statement.execute("LOCK TABLE public.returns IN ACCESS EXCLUSIVE MODE");
      }
      await("the copy of returns to wait for the lock", STEP_TIMEOUT, () -> TutorialFixture.queryValue(postgres,
          SampleDatabase.DATABASE, "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
              + " AND query LIKE 'COPY %returns%'"), "1"::equals);
      String savepoint = ClusterPipelineRun.stopJob(cluster.client(), job.jobId());
      lock.rollback();
      assertThat(target.tables().rowCount(OrdersTables.ODS_ORDERS)).as("the copy was not committed yet").isZero();
      // the job's coordinators close after it reports its end
      // the job's coordinators close after it reports its end
      await("the files orders' copy handed over to be deleted", Duration.ofSeconds(30),
          () -> dataFiles(lake.resolve("ods").resolve("orders")), List::isEmpty);
      assertThat(dataFiles(lake.resolve("ods").resolve("returns"))).as("the file of the copy cut short").isEmpty();
      SubmittedPipeline resumed = new ClusterSubmission(cluster.client())
          .submit(yaml, LaunchOptions.FRESH.resumingFrom(savepoint));
      await("the copy after the savepoint", STEP_TIMEOUT, () -> target.tables().rowCount(OrdersTables.ODS_ORDERS),
          rows -> rows > COPIED_ROWS);
      Thread.sleep(2000);
      workload.close();
      SourceTargetDiff.awaitOrdersEqual("the copy and the changes made around the savepoint", STEP_TIMEOUT, postgres,
          target.tables());
      assertThat(target.tables().rowCount(TableIdentifier.of("ods", "returns"))).isEqualTo(500);
      assertThat(new JobMonitor(cluster.client()).report(resumed.jobId()).restarts()).isZero();
      ClusterPipelineRun.cancelJob(cluster.client(), resumed.jobId());
    } finally {
      postgres.execute(SampleDatabase.DATABASE, "ALTER PUBLICATION cdc_orders DROP TABLE public.returns",
          "DROP TABLE public.returns");
    }
    assertThat(OrdersTables.duplicateKeys(target.tables())).isEmpty();
    assertOnlyThePipelinesSlotIsLeft();
  }

  private static List<Path> dataFiles(Path table) throws Exception {
    if (!Files.exists(table.resolve("data"))) {
      return List.of();
    }
    try (var files = Files.walk(table.resolve("data"))) {
      return files.filter(Files::isRegularFile).toList();
    }
  }

  /**
   * Issue 28: the JobManager killed while a PostgreSQL target streams, an application writing: the user
   * starts the cluster again and resumes from the job's last retained checkpoint, and the target ends equal
   * to the source, with only the pipeline's slot left.
   */
  @Test
  @Tag("long")
  @Order(7)
  void aPostgresTargetResumesAfterTheJobManagerIsKilled() throws Exception {
    try (PostgresPairFixture pair = PostgresPairFixture.start("cluster_jm_kill")) {
      pair.onSource("CREATE TABLE public.orders (id bigint PRIMARY KEY, customer_name varchar(255),"
              + " amount numeric(10,2), order_status varchar(32))",
          "INSERT INTO public.orders SELECT i, 'customer ' || i, i / 100.0, 'NEW' FROM generate_series(1, "
              + EXISTING_ROWS + ") i",
          "CREATE PUBLICATION pg_cluster_jm_kill FOR TABLE public.orders");
      String yaml = pair.pipelineYaml("public.orders", "pg_cluster_jm_kill", "pipeline:", "  parallelism: 2");
      SubmittedPipeline job = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH);
      awaitTargetEqualsSource(pair, "the copy");
      try (OrdersWorkload workload = new OrdersWorkload(pair.source(), pair.sourceDatabase(), EXISTING_ROWS)) {
        await("a checkpoint while streaming", STEP_TIMEOUT, () -> new JobMonitor(cluster.client()).report(job.jobId()),
            report -> report.lastCheckpoint().isPresent());
        Thread.sleep(2000);
        ProcessHandle.of(cluster.jobManagerPid()).orElseThrow().destroyForcibly();
        pair.onSource("DELETE FROM public.orders WHERE id IN (21, 1305, 1307)");
        Thread.sleep(3000);
        Path checkpoint = ClusterSubmission.lastCheckpoint(home.resolve("checkpoints").resolve(job.jobId()));
        cluster = LocalFlinkCluster.start(new LocalClusterHome(home));
        SubmittedPipeline resumed = new ClusterSubmission(cluster.client())
            .submit(yaml, new LaunchOptions(checkpoint.toString(), null));
        await("the resumed job to run", STEP_TIMEOUT, () -> new JobMonitor(cluster.client()).report(resumed.jobId()),
            JobReport::running);
        Thread.sleep(3000);
        workload.close();
        LOG.info("The application made {} changes", workload.changes());
      }
      awaitTargetEqualsSource(pair, "the rows written around the JobManager's death");
      assertThat(TutorialFixture.queryValue(pair.source(), pair.sourceDatabase(), "SELECT string_agg(slot_name, ',')"
          + " FROM pg_replication_slots WHERE database = current_database()")).isEqualTo("pg_cluster_jm_kill");
    }
  }

  private static void awaitTargetEqualsSource(PostgresPairFixture pair, String step) throws Exception {
    await(step, STEP_TIMEOUT, () -> pair.targetRows("public.orders", "id")
        .equals(pair.sourceRows("public.orders", "id")), Boolean.TRUE::equals);
  }

  private static Cli cli(String... arguments) {
    java.io.StringWriter out = new java.io.StringWriter();
    int exit = CdcWizardCli.commandLine().setOut(new java.io.PrintWriter(out, true))
        .setErr(new java.io.PrintWriter(out, true)).execute(arguments);
    return new Cli(exit, out.toString());
  }

  private record Cli(int exit, String out) {}

  private static ProcessHandle liveTaskManager() {
    return cluster.taskManagerPids().stream().flatMap(pid -> ProcessHandle.of(pid).stream())
        .filter(ProcessHandle::isAlive).findFirst().orElseThrow();
  }

  private static void awaitTargetEqualsSource(TargetPreview target, String step) throws Exception {
    await(step, STEP_TIMEOUT,
        () -> OrdersTables.target(target.tables()).equals(OrdersTables.source(postgres)),
        Boolean.TRUE::equals);
  }
}
