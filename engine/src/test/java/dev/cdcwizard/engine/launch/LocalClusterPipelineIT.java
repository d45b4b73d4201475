package dev.cdcwizard.engine.launch;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.flinkrest.FlinkJobs.UploadedJar;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.monitor.JobMonitor;
import dev.cdcwizard.engine.monitor.JobReport;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.RowCountCheck;
import dev.cdcwizard.engine.preview.SnapshotEntry;
import dev.cdcwizard.engine.preview.TargetPreview;
import dev.cdcwizard.engine.testing.ClusterSubmission;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.PostgresPairFixture;
import dev.cdcwizard.engine.testing.TutorialFixture;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.apache.flink.api.common.JobStatus;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tutorial on a real Flink 1.20 session cluster of separate JobManager and TaskManager processes,
 * submitted over REST as the local and the remote target do; one cluster for the whole class.
 */
class LocalClusterPipelineIT {
  private static final Duration STEP_TIMEOUT = Duration.ofSeconds(120);

  private static final String CATALOG_DATABASE = "iceberg_catalog";
  /** Keys 1..100 for the application to update and delete: the tutorial's rows are 101 and up. */
  private static final int WORKLOAD_ROWS = 100;

  @TempDir static Path home;
  private static EmbeddedPostgresServer postgres;
  private static LocalFlinkCluster cluster;
  private static final List<UserMessage> startPhases = new CopyOnWriteArrayList<>();
  private static ClusterSubmission launcher;
  private static Path extraJar;

  @TempDir Path warehouse;

  @BeforeAll
  static void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    postgres.createDatabase(CATALOG_DATABASE);
    int restPort = freePort();
    extraJar = jarWithOneResource(Files.createDirectories(new LocalClusterHome(home).libDir()).resolve("extra.jar"));
    cluster = LocalFlinkCluster.start(new LocalClusterHome(home), restPort, Map.of("taskmanager.numberOfTaskSlots", "6"),
        startPhases::add);
    assertThat(cluster.restUrl()).as("the REST port asked for").hasPort(restPort);
    launcher = new ClusterSubmission(cluster.client());
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

  /**
   * The catalog is Iceberg's JDBC catalog in PostgreSQL: the resumed job, a second one in the same
   * TaskManager, must find the JDBC driver in its own class loader, without a restart.
   */
  @Test
  void runsTheTutorialThenStopsWithASavepointAndResumes() throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2).replace("catalog.properties.type: hadoop",
        "catalog.properties.type: jdbc\n  catalog.properties.uri: jdbc:postgresql://localhost:" + postgres.port()
            + "/" + CATALOG_DATABASE + "\n  catalog.properties.jdbc.user: postgres"
            + "\n  catalog.properties.jdbc.password: " + SampleDatabase.PASSWORD);
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    TargetPreview target = new TargetPreview(definition);
    SubmittedPipeline job = launcher.submit(yaml, LaunchOptions.FRESH);
    FlinkJobs jobs = new FlinkJobs(cluster.client());
    List<UploadedJar> kept = keptJobJars(jobs);
    assertThat(kept).as("the job jar stays on the cluster for the next submission").hasSize(1);

    awaitTargetEqualsSource(target, "the initial snapshot");
    postgres.execute(SampleDatabase.DATABASE,
        "UPDATE public.orders SET amount = 39.90 WHERE id = 101",
        "DELETE FROM public.orders WHERE id = 102",
        "INSERT INTO public.orders VALUES (103, 'Carol', 12.50, 'NEW')");
    awaitTargetEqualsSource(target, "the update, delete and insert");
    assertThat(OrdersTables.target(target.tables())).containsExactly("101|Alice|39.90|NEW", "103|Carol|12.50|NEW");

    JobReport running = new JobMonitor(cluster.client()).report(job.jobId());
    assertThat(running.state()).isEqualTo("RUNNING");
    assertThat(running.lastCheckpoint()).isPresent();
    assertThat(running.vertices()).isNotEmpty();
    // accumulators reach the JobManager with the heartbeats, a moment after the rows themselves
    await("the snapshot row count", STEP_TIMEOUT,
        () -> new JobMonitor(cluster.client()).report(job.jobId()).progress().totalSnapshotRows(),
        rows -> rows == 2);
    assertThat(running.webUi().toString()).startsWith(cluster.restUrl().toString()).contains(job.jobId());
    // a cluster started with --home is found by the Flink commands given the same --home
    StringWriter status = new StringWriter();
    assertThat(CdcWizardCli.commandLine().setOut(new PrintWriter(status, true)).setErr(new PrintWriter(status, true))
        .execute("status", job.jobId(), "--home", home.toString())).as(status.toString()).isZero();
    assertThat(status.toString()).contains("RUNNING");

    // by its id, as the wizard's job list stops a job it does not follow, into the cluster's savepoints dir
    String savepoint = ClusterPipelineRun.stopJob(cluster.client(), job.jobId());
    assertThat(Path.of(URI.create(savepoint))).startsWith(home.resolve("savepoints"));
    assertThat(jobs.state(job.jobId())).isEqualTo("FINISHED");
    PipelineSlots slots = new PipelineSlots(definition.source());
    await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
    assertThat(slots.status().exists()).isTrue();

    postgres.execute(SampleDatabase.DATABASE,
        "UPDATE public.orders SET order_status = 'SHIPPED' WHERE id = 103",
        "INSERT INTO public.orders VALUES (104, 'Dan', 7.00, 'NEW'), (105, 'Eve', 8.00, 'NEW')",
        "DELETE FROM public.orders WHERE id = 101");
    RowCountCheck whileStopped = target.compareCounts(OrdersTables.ODS_ORDERS, target.targets().get(OrdersTables.ODS_ORDERS));
    assertThat(whileStopped.verdict()).isEqualTo(RowCountCheck.Verdict.PENDING);

    SubmittedPipeline resumed;
    try (PipelineRun run = launcher.start(yaml, LaunchOptions.FRESH.resumingFrom(savepoint), false)) {
      assertThat(run.copiedEarlier()).as("copied by the job before, not by this one").containsExactly("public.orders");
      resumed = ClusterSubmission.submitted(run);
    }
    assertThat(keptJobJars(jobs)).as("the resume ran the kept jar, not a new upload").isEqualTo(kept);
    awaitTargetEqualsSource(target, "the changes made while stopped");
    assertThat(new JobMonitor(cluster.client()).report(resumed.jobId()).restarts()).isZero();
    assertThat(OrdersTables.duplicateKeys(target.tables())).isEmpty();
    await("the counts to match", STEP_TIMEOUT,
        () -> target.compareCounts(OrdersTables.ODS_ORDERS, target.targets().get(OrdersTables.ODS_ORDERS)).verdict(),
        RowCountCheck.Verdict.EQUAL::equals);

    Optional<String> checkpoint = ClusterPipelineRun.cancelJob(cluster.client(), resumed.jobId());
    assertThat(jobs.state(resumed.jobId())).isEqualTo("CANCELED");
    assertThat(checkpoint).as("the Iceberg commits of the changes took checkpoints")
        .hasValueSatisfying(path -> assertThat(path).contains(resumed.jobId(), "chk-"));
    await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
    assertThat(slots.dropAfterStop("CANCELED")).contains("cdc_orders");

    // a new job copies again, and a copy only upserts: into a target with rows, the delete would be lost
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id = 104");
    assertThatThrownBy(() -> launcher.submit(yaml, LaunchOptions.FRESH))
        .isInstanceOf(PipelineRefusedException.class).hasMessageContaining("ods.orders already holds rows");
    aRefusedSubmissionLeavesNoTableBehind(yaml, target);
    // as a user may in the Web UI: the next submission uploads it again
    jobs.deleteJar(kept.get(0).id());
    SubmittedPipeline fresh = launcher.submit(yaml, LaunchOptions.FRESH, true);
    assertThat(keptJobJars(jobs)).hasSize(1).doesNotContainAnyElementsOf(kept);
    awaitTargetEqualsSource(target, "a new copy into emptied tables");
    ClusterPipelineRun.cancelJob(cluster.client(), fresh.jobId());
    await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
    assertThat(slots.dropAfterStop("CANCELED")).contains("cdc_orders");
    assertThat(logsOfTheCluster()).doesNotContain(SampleDatabase.PASSWORD);
  }

  /**
   * Issue 28: stopped with a savepoint and resumed from it three times while an application inserts,
   * updates and deletes, with changes made while each job was stopped: no resumed job restarts, and the
   * target ends equal to the source, row for row, without a duplicate key.
   */
  @Test
  @Tag("long")
  void stopsWithASavepointAndResumesThreeTimesWhileAnApplicationWrites() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.orders SELECT g, 'customer ' || g, 1.00, 'NEW'"
        + " FROM generate_series(1, " + WORKLOAD_ROWS + ") g");
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2);
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    TargetPreview target = new TargetPreview(definition);
    PipelineSlots slots = new PipelineSlots(definition.source());
    SubmittedPipeline job = launcher.submit(yaml, LaunchOptions.FRESH);
    awaitTargetEqualsSource(target, "the initial snapshot");
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, WORKLOAD_ROWS)) {
      for (int round = 1; round <= 3; round++) {
        String jobId = job.jobId();
        await("a checkpoint of round " + round, STEP_TIMEOUT,
            () -> new JobMonitor(cluster.client()).report(jobId).lastCheckpoint().isPresent(), Boolean.TRUE::equals);
        String savepoint = ClusterPipelineRun.stopJob(cluster.client(), jobId);
        await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
        postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET order_status = 'STOPPED " + round + "'"
            + " WHERE id % 7 = " + round, "DELETE FROM public.orders WHERE id % 11 = " + round);
        job = launcher.submit(yaml, LaunchOptions.FRESH.resumingFrom(savepoint));
        String resumed = job.jobId();
        await("round " + round + " resumed and checkpointed", STEP_TIMEOUT,
            () -> new JobMonitor(cluster.client()).report(resumed).lastCheckpoint().isPresent(), Boolean.TRUE::equals);
        assertThat(new JobMonitor(cluster.client()).report(resumed).restarts()).as("round " + round).isZero();
      }
    }
    awaitTargetEqualsSource(target, "every change around three savepoints");
    assertThat(OrdersTables.duplicateKeys(target.tables())).isEmpty();
    assertThat(new JobMonitor(cluster.client()).report(job.jobId()).restarts()).isZero();
    ClusterPipelineRun.cancelJob(cluster.client(), job.jobId());
    await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
    slots.dropAfterStop("CANCELED");
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id <= " + WORKLOAD_ROWS
        + " OR id >= 10000000");
  }

  /**
   * Issue 23: sink.compaction.enabled on a cluster. The job's TaskManager compacts the table every two
   * commits while an application inserts, updates and deletes, expiring the snapshots the compaction
   * replaced; stopped with a savepoint after its compactions and resumed from it, it compacts again, and the
   * target ends equal to the source, row for row. Under -Plong: the suite keeps compactions under an
   * application's writes embedded ({@code CompactionIT}) and the cluster's savepoints ({@link
   * #runsTheTutorialThenStopsWithASavepointAndResumes}).
   */
  @Test
  @Tag("long")
  void aJobOnTheClusterCompactsItsTablesWhileAnApplicationWritesAndResumesFromASavepoint() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "INSERT INTO public.orders SELECT g, 'customer ' || g, 1.00, 'NEW'"
        + " FROM generate_series(1, " + WORKLOAD_ROWS + ") g");
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 2).replace("  catalog.properties.type: hadoop",
        "  sink.compaction.enabled: true\n  sink.compaction.commit.interval: 2\n"
            + "  table.properties.history.expire.max-snapshot-age-ms: 1000\n  catalog.properties.type: hadoop");
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    TargetPreview target = new TargetPreview(definition);
    ClusterPipelineRun run = ClusterPipelineRun.submit(cluster.client(), JobJar.locate(), definition, yaml,
        LaunchOptions.FRESH, false, phase -> { });
    assertThat(run.startNotes()).extracting(UserMessage::key).contains(EngineMessage.RUN_COMPACTION_SCHEDULED);
    awaitTargetEqualsSource(target, "the initial snapshot");
    PipelineSlots slots = new PipelineSlots(definition.source());
    String resumed;
    try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, WORKLOAD_ROWS)) {
      long first = await("a compaction by the job", STEP_TIMEOUT, () -> latestCompaction(target), id -> id != 0);
      await("another compaction by the job", STEP_TIMEOUT, () -> latestCompaction(target), id -> id != first);
      assertThat(new JobMonitor(cluster.client()).report(run.jobId().toHexString()).restarts()).isZero();
      String savepoint = ClusterPipelineRun.stopJob(cluster.client(), run.jobId().toHexString());
      await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
      long beforeTheResume = latestCompaction(target);
      resumed = launcher.submit(yaml, LaunchOptions.FRESH.resumingFrom(savepoint)).jobId();
      await("a compaction by the resumed job", STEP_TIMEOUT, () -> latestCompaction(target),
          id -> id != beforeTheResume);
    }
    awaitTargetEqualsSource(target, "every change around the compactions and the savepoint");
    assertThat(OrdersTables.duplicateKeys(target.tables())).isEmpty();
    assertThat(target.tables().snapshots(OrdersTables.ODS_ORDERS)).as("expired after each compaction")
        .hasSizeLessThan(20);
    assertThat(new JobMonitor(cluster.client()).report(resumed).restarts()).isZero();
    ClusterPipelineRun.cancelJob(cluster.client(), resumed);
    await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
    slots.dropAfterStop("CANCELED");
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id <= " + WORKLOAD_ROWS
        + " OR id >= 10000000");
  }

  /** The id of the table's newest compaction (a replace commit) its history shows; 0 for none. */
  private static long latestCompaction(TargetPreview target) {
    return target.tables().snapshots(OrdersTables.ODS_ORDERS).stream()
        .filter(commit -> "replace".equals(commit.operation()))
        .max(Comparator.comparing(SnapshotEntry::committedAt)).map(SnapshotEntry::id).orElse(0L);
  }

  /** The table made for a second source table is dropped again when the submission is refused over the first. */
  private static void aRefusedSubmissionLeavesNoTableBehind(String yaml, TargetPreview target) throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "CREATE TABLE public.shipments (id bigint PRIMARY KEY, quantity int)",
        "ALTER PUBLICATION cdc_orders ADD TABLE public.shipments");
    String withShipments = yaml.replace("tables: inventory.public.orders",
        "tables: inventory.public.orders,inventory.public.shipments").replace("    sink-table: ods.orders\n",
        "    sink-table: ods.orders\n  - source-table: public.shipments\n    sink-table: ods.shipments\n");
    try {
      assertThatThrownBy(() -> launcher.submit(withShipments, LaunchOptions.FRESH))
          .isInstanceOf(PipelineRefusedException.class).hasMessageContaining("ods.orders already holds rows");
      assertThat(target.tables().exists(TableIdentifier.of("ods", "shipments"))).isFalse();
    } finally {
      postgres.execute(SampleDatabase.DATABASE, "ALTER PUBLICATION cdc_orders DROP TABLE public.shipments",
          "DROP TABLE public.shipments");
    }
  }

  @Test
  void aClusterRunReportsItsStatusAndProgressAndCancels() throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1);
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);

    ClusterPipelineRun run = ClusterPipelineRun.submit(cluster.client(), JobJar.locate(), definition, yaml,
        LaunchOptions.FRESH, false, phase -> { });

    await("the job to run", STEP_TIMEOUT, run::status, JobStatus.RUNNING::equals);
    await("the snapshot rows", STEP_TIMEOUT, () -> run.progress().totalSnapshotRows(), rows -> rows > 0);
    await("a checkpoint", STEP_TIMEOUT, run::completedCheckpoints, checkpoints -> checkpoints > 0);
    assertThat(run.snapshotDone()).as("Flink CDC does not say").isEmpty();
    assertThat(run.webUi().toString()).startsWith(cluster.restUrl().toString()).contains(run.jobId().toHexString());
    assertThat(run.prepared().targets()).isNotEmpty();

    run.cancel();
    assertThat(run.status()).isEqualTo(JobStatus.CANCELED);
    run.close();
    assertThat(run.closed()).isTrue();
    PipelineSlots slots = new PipelineSlots(definition.source());
    await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
    assertThat(slots.dropAfterStop("CANCELED")).contains("cdc_orders");
  }

  @Test
  void aFollowedRunReportsItsCheckpointsStopsWithASavepointAndNamesIt() throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1);
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    SubmittedPipeline job = launcher.submit(yaml, LaunchOptions.FRESH);
    PipelineSlots slots = new PipelineSlots(definition.source());
    // a job the wizard left running: streaming from its slot by the time the wizard follows it
    await("the job to stream from its slot", STEP_TIMEOUT, () -> slots.status().active(), Boolean.TRUE::equals);

    ClusterPipelineRun run = ClusterPipelineRun.follow(cluster.client(), job.jobId(), definition);
    assertThat(run.outlivesProcess()).isTrue();
    RunReport report = await("a checkpoint in the report", STEP_TIMEOUT, run::report,
        polled -> !polled.recentCheckpoints().isEmpty() && polled.progress().totalSnapshotRows() > 0);
    assertThat(report.status()).isEqualTo(JobStatus.RUNNING);
    assertThat(report.completedCheckpoints()).isGreaterThanOrEqualTo(report.recentCheckpoints().size());
    assertThat(report.recentCheckpoints().get(0).completedAt()).isBeforeOrEqualTo(report.at());

    run.stop();
    assertThat(run.status()).isEqualTo(JobStatus.FINISHED);
    assertThat(run.resumePoint()).hasValueSatisfying(path -> assertThat(path).contains("savepoint-"));
    assertThat(run.report().progress().totalSnapshotRows()).as("an ended job reports no progress").isZero();
    await("the slot to be released", STEP_TIMEOUT, () -> slots.status().active(), Boolean.FALSE::equals);
    assertThat(slots.dropAfterStop("FINISHED")).contains("cdc_orders");
  }

  /**
   * Issue 26: an ALTER that rewrites a table while the job's tasks copy it, after a checkpoint kept the
   * table watch's look from before it. The copy is refused and the job copies again by itself; the watch
   * judges rewrites from what the new copy saw, so the job streams on, equal to the source, and an ALTER
   * after the copy still stops it, naming the table. The single reader is held on the first table by a
   * lock on its target, so the ALTER lands before the second table is read.
   */
  @Test
  void aTableRewrittenDuringTheCopyIsCopiedAgainAndTheJobStreamsOn() throws Exception {
    try (PostgresPairFixture pair = PostgresPairFixture.start("cluster_rewrite")) {
      pair.ordersAndUsers("customer_name text", "'customer ' || g", 2000, "pg_cluster_rewrite");
      String yaml = pair.pipelineYaml("public.orders,public.users", "pg_cluster_rewrite", "pipeline:",
          "  parallelism: 1");
      JobMonitor monitor = new JobMonitor(cluster.client());
      SubmittedPipeline job;
      try (Connection lock = pair.target().connect(pair.targetDatabase())) {
        lock.setAutoCommit(false);
        try (Statement statement = lock.createStatement()) {
          statement.execute("LOCK TABLE public.orders IN SHARE MODE");
        }
        job = launcher.submit(yaml, LaunchOptions.FRESH);
        await("the copy into orders to wait for the lock", STEP_TIMEOUT, pair::targetCopyWaitsForALock,
            Boolean.TRUE::equals);
        await("a checkpoint during the copy", STEP_TIMEOUT, () -> monitor.report(job.jobId()),
            report -> report.lastCheckpoint().isPresent());
        pair.onSource("ALTER TABLE public.users ALTER COLUMN name TYPE text USING upper(name)");
        lock.rollback();
      }
      record Look(JobReport report, boolean usersEqual) {}
      JobReport copiedAgain = await("the job to copy again and reach the source, or to fail", STEP_TIMEOUT,
          () -> new Look(monitor.report(job.jobId()),
              pair.targetRows("public.users", "id").equals(pair.sourceRows("public.users", "id"))),
          look -> JobStatus.valueOf(look.report().state()).isGloballyTerminalState()
              || look.report().running() && look.report().restarts() >= 1 && look.usersEqual()).report();
      assertThat(copiedAgain.state()).as("%s", copiedAgain.latestException()).isEqualTo("RUNNING");
      assertThat(copiedAgain.latestException().orElseThrow().rootCause()).as("the copy was refused")
          .contains("PostgreSQL rewrote public.users with an ALTER TABLE while the job copied it");
      StringWriter status = new StringWriter();
      CdcWizardCli.commandLine().setOut(new PrintWriter(status, true)).setErr(new PrintWriter(status, true))
          .execute("--lang", "zh-CN", "status", job.jobId(), "--home", home.toString());
      assertThat(status.toString()).as("why it restarted, in the user's language")
          .contains("作业重启的原因：作业复制 public.users 期间");
      assertThat(pair.targetRows("public.orders", "id")).isEqualTo(pair.sourceRows("public.orders", "id"));
      pair.onSource("INSERT INTO public.users VALUES (501, 'user 501')", "DELETE FROM public.users WHERE id = 7");
      await("the stream after the copy", STEP_TIMEOUT,
          () -> pair.targetRows("public.users", "id").equals(pair.sourceRows("public.users", "id")),
          Boolean.TRUE::equals);
      assertThat(monitor.report(job.jobId()).running()).as("the watch judged from the new copy").isTrue();
      pair.onSource("ALTER TABLE public.users ALTER COLUMN name TYPE text USING lower(name)");
      JobReport stopped = await("the job to stop on the rewrite after the copy", STEP_TIMEOUT,
          () -> monitor.report(job.jobId()), report -> "FAILED".equals(report.state()));
      assertThat(stopped.latestException().orElseThrow().rootCause()).contains("public.users", "--accept-rewrite");
      pair.dropSlot("pg_cluster_rewrite");
    }
  }

  /**
   * Issue 22/28: a table added to a pipeline resumed on a cluster is copied before the job resumes, in a snapshot
   * of its own, and streams on from the savepoint with the others, which keep their rows. A kept table routed
   * into another target would reach it with only the changes from the savepoint on: the job stops before it
   * writes anything, naming it, and resuming as the savepoint was taken goes on from it. A table renamed while the
   * job was stopped, captured under its new name, stops it as a rename, not as an added table. In the long profile
   * for the suite's time (78 s); the suite keeps the added table's copy into a PostgreSQL target
   * ({@code PostgresAddedTablesIT}) and the stop of a kept table sent elsewhere ({@code CopyCommitRaceIT}).
   */
  @Tag("long")
  @Test
  void aTableAddedBeforeAResumeOnTheClusterIsCopiedAndOneRoutedElsewhereStopsTheJob() throws Exception {
    try (PostgresPairFixture pair = PostgresPairFixture.start("cluster_added")) {
      pair.ordersAndUsers("customer_name text", "'customer ' || g", 200, "pg_cluster_added");
      String orders = pair.pipelineYaml("public.orders", "pg_cluster_added", "pipeline:", "  parallelism: 1");
      JobMonitor monitor = new JobMonitor(cluster.client());
      SubmittedPipeline job = launcher.submit(orders, LaunchOptions.FRESH);
      awaitEqual(pair, "the copy of orders", "public.orders");
      // a change streamed: the copy is committed, and a savepoint from here on is not one taken during the copy
      pair.onSource("UPDATE public.orders SET customer_name = 'streamed' WHERE id = 4");
      awaitEqual(pair, "the first change streamed", "public.orders");
      String savepoint = ClusterPipelineRun.stopJob(cluster.client(), job.jobId());
      pair.onSource("UPDATE public.orders SET customer_name = 'while stopped' WHERE id = 5",
          "UPDATE public.users SET name = 'while stopped' WHERE id = 5");

      String withUsers = pair.pipelineYaml("public.orders,public.users", "pg_cluster_added", "pipeline:",
          "  parallelism: 1");
      String addedJob;
      List<UserMessage> phases = new CopyOnWriteArrayList<>();
      try (PipelineRun added = PipelineLauncher.standard().start(new LaunchRequest(
          new PipelineYamlImporter().importYaml(withUsers), LaunchTarget.REMOTE_CLUSTER, cluster.restUrl(), false,
          savepoint, null), phases::add)) {
        assertThat(phases).extracting(UserMessage::key).containsExactly(EngineMessage.RUN_RESUME_COPYING);
        assertThat(added.startNotes()).extracting(UserMessage::key).contains(EngineMessage.RUN_RESUME_COPIED);
        assertThat(added.startNotes().stream().filter(note -> note.key() == EngineMessage.RUN_RESUME_COPIED)
            .findFirst().orElseThrow().english()).contains("public.users").doesNotContain("public.orders");
        addedJob = added.jobId().toHexString();
      }
      pair.onSource("UPDATE public.users SET name = 'after the resume' WHERE id = 6", "DELETE FROM public.users WHERE id = 7",
          "INSERT INTO public.users SELECT 9001, name FROM public.users WHERE id = 8",
          "UPDATE public.orders SET customer_name = 'after the resume' WHERE id = 6");
      awaitEqual(pair, "the added table copied, then streamed", "public.users");
      awaitEqual(pair, "orders resumed beside it", "public.orders");
      assertThat(monitor.report(addedJob).restarts()).isZero();

      String withoutUsers = ClusterPipelineRun.stopJob(cluster.client(), addedJob);
      SubmittedPipeline resumed = launcher.submit(orders, LaunchOptions.FRESH.resumingFrom(withoutUsers));
      pair.onSource("UPDATE public.orders SET customer_name = 'without users' WHERE id = 8");
      awaitEqual(pair, "orders resumed without the added table", "public.orders");

      // routed elsewhere, orders would reach a new target with only the changes from here on
      String again = ClusterPipelineRun.stopJob(cluster.client(), resumed.jobId());
      String rerouted = pair.pipelineYaml("public.orders", "pg_cluster_added", "route:",
          "  - source-table: public.orders", "    sink-table: public.orders_elsewhere", "pipeline:", "  parallelism: 1");
      SubmittedPipeline elsewhere = launcher.submit(rerouted, LaunchOptions.FRESH.resumingFrom(again));
      JobReport refused = await("the rerouted job to stop", STEP_TIMEOUT, () -> monitor.report(elsewhere.jobId()),
          report -> "FAILED".equals(report.state()));
      UserMessage rerouting = JobFailureClassifier.permanentCause(refused.latestException().orElseThrow().stackTrace())
          .orElseThrow();
      assertThat(rerouting.key()).isEqualTo(EngineMessage.STOP_RESUMED_ELSEWHERE);
      assertThat(rerouting.english()).contains("public.orders", "-> public.orders => ", "-> public.orders_elsewhere");
      assertThat(refused.restarts()).isZero();

      resumed = launcher.submit(orders, LaunchOptions.FRESH.resumingFrom(again));
      pair.onSource("DELETE FROM public.orders WHERE id = 6");
      awaitEqual(pair, "orders resumed where they went", "public.orders");

      // renamed while stopped, with the pipeline following: its changes before the rename came under the old name
      String beforeRename = ClusterPipelineRun.stopJob(cluster.client(), resumed.jobId());
      pair.onSource("UPDATE public.orders SET customer_name = 'before the rename' WHERE id = 7",
          "ALTER TABLE public.orders RENAME TO orders_2026");
      String followed = pair.pipelineYaml("public.orders_2026", "pg_cluster_added", "route:",
          "  - source-table: public.orders_2026", "    sink-table: public.orders", "pipeline:", "  parallelism: 1");
      SubmittedPipeline renamed = launcher.submit(followed, LaunchOptions.FRESH.resumingFrom(beforeRename));
      JobReport renameStop = await("the job following the rename to stop", STEP_TIMEOUT,
          () -> monitor.report(renamed.jobId()), report -> "FAILED".equals(report.state()));
      UserMessage rename = JobFailureClassifier.permanentCause(renameStop.latestException().orElseThrow().stackTrace())
          .orElseThrow();
      assertThat(rename.key()).isEqualTo(EngineMessage.STOP_RENAMED_TABLE_FOLLOWED);
      assertThat(rename.english()).contains("public.orders was renamed to public.orders_2026");
      assertThat(renameStop.restarts()).isZero();
      await("the slot to be released", STEP_TIMEOUT,
          () -> TutorialFixture.slotActive(pair.source(), pair.sourceDatabase(), "pg_cluster_added"),
          Boolean.FALSE::equals);
      pair.dropSlot("pg_cluster_added");
    }
  }

  private static List<UploadedJar> keptJobJars(FlinkJobs jobs) throws Exception {
    return jobs.jars().stream().filter(jar -> jar.name().startsWith("cdc-wizard-job-")).toList();
  }

  private static void awaitEqual(PostgresPairFixture pair, String step, String table) throws Exception {
    await(step, STEP_TIMEOUT, () -> pair.targetRows(table, "id").equals(pair.sourceRows(table, "id")),
        Boolean.TRUE::equals);
  }

  @Test
  void aJobFailingAtStartSaysWhy() throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, 1).replace("password: tutorial", "password: wrong");
    PipelineDefinition definition = new PipelineYamlReader().read(yaml);
    assertThatThrownBy(() -> new JobJarRunner(cluster.client(), JobJar.locate()).run(yaml, definition, LaunchOptions.FRESH, List.of()))
        .isInstanceOf(FlinkRestException.class)
        .hasMessageContaining("did not start")
        .hasMessageContaining("password authentication failed");
  }

  @Test
  void itsStartToldWhereItHadCome() {
    assertThat(startPhases).extracting(UserMessage::key).containsExactly(EngineMessage.LOCAL_CLUSTER_EXTRA_JARS,
        EngineMessage.LOCAL_CLUSTER_STARTING_JOB_MANAGER, EngineMessage.LOCAL_CLUSTER_AWAITING_JOB_MANAGER,
        EngineMessage.LOCAL_CLUSTER_STARTING_TASK_MANAGER, EngineMessage.LOCAL_CLUSTER_AWAITING_TASK_MANAGER);
    assertThat(startPhases.get(2).text(Locale.ENGLISH)).contains(cluster.restUrl().toString());
  }

  /** Issue 28: a jar in the cluster's lib folder reaches the class path of its processes. */
  @Test
  void loadsTheJarsInItsLibFolder() throws Exception {
    String taskManagerLog = Files.readString(new LocalClusterHome(home).logDir().resolve("flink-taskmanager-1.log"));
    assertThat(taskManagerLog).contains(extraJar.toString());
    assertThat(startPhases.get(0).text(Locale.ENGLISH)).contains("1 extra jar", extraJar.getParent().toString());
  }

  private static Path jarWithOneResource(Path jar) throws IOException {
    try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new java.util.jar.JarEntry("cdc-wizard-extra.txt"));
      out.write("extra".getBytes(java.nio.charset.StandardCharsets.UTF_8));
      out.closeEntry();
    }
    return jar;
  }

  @Test
  void checksTheClusterVersion() throws Exception {
    assertThat(cluster.client().requireSupportedVersion()).startsWith("1.20.");
    assertThat(cluster.client().get("/overview").path("slots-total").asInt()).as("the --conf it was started with")
        .isEqualTo(6);
  }

  private static void awaitTargetEqualsSource(TargetPreview target, String step) throws Exception {
    await(step, STEP_TIMEOUT,
        () -> OrdersTables.target(target.tables()).equals(OrdersTables.source(postgres)),
        Boolean.TRUE::equals);
  }

  private static String logsOfTheCluster() throws IOException {
    StringBuilder logs = new StringBuilder();
    try (Stream<Path> files = Files.list(home.resolve("log"))) {
      for (Path file : files.toList()) {
        logs.append(Files.readString(file));
      }
    }
    return logs.toString();
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
