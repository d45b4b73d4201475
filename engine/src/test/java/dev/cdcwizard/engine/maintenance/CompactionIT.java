package dev.cdcwizard.engine.maintenance;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.preview.TableHealth;
import dev.cdcwizard.engine.preview.TableHealthReader;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.JobStatus;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.DataOperations;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.SnapshotSummary;
import org.apache.iceberg.Table;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compact} on the tutorial's lake while the pipeline streams an application's inserts, updates and
 * deletes: each compaction leaves the table with fewer files and no delete file older than it, the
 * pipeline's commits go on around it, and once the application stops every row equals PostgreSQL's.
 */
class CompactionIT {
  private static final Duration STEP = Duration.ofSeconds(150);
  private static final int ROWS = 5_000;

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  @TempDir Path folder;
  private EmbeddedPostgresServer postgres;
  private Path yamlFile;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders",
        "INSERT INTO public.orders SELECT g, 'customer ' || g, g % 100, 'NEW' FROM generate_series(1, " + ROWS + ") g",
        "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    yamlFile = Files.writeString(folder.resolve("pipeline.yaml"), TutorialFixture.pipelineYaml(postgres, warehouse, 1));
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void compactionsWhileAnApplicationWritesLeaveEveryRowEqual() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        new PipelineYamlReader().read(Files.readString(yamlFile)), checkpoints, false)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the snapshot", STEP, () -> preview.exists(OrdersTables.ODS_ORDERS)
          && preview.rowCount(OrdersTables.ODS_ORDERS) == ROWS, Boolean.TRUE::equals);
      Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString())
          .loadTable(OrdersTables.ODS_ORDERS);
      try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, ROWS)) {
        for (int round = 1; round <= 2; round++) {
          await("equality deletes before compaction " + round, STEP, () -> health(table).equalityDeleteFiles(),
              files -> files >= 2);
          String out = cli("compact", yamlFile.toString());
          assertThat(out).contains("ods.orders: ", "delete files rewritten into 1 data files");
          Snapshot compacted = compaction(table);
          assertThat(compacted).as("a replace snapshot by compaction " + round).isNotNull();
        }
      }
      awaitEqual(preview);
      assertThat(OrdersTables.duplicateKeys(preview)).isEmpty();
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);

      String out = cli("compact", yamlFile.toString());
      assertThat(out).contains("every delete applied");
      TableHealth after = health(table);
      assertThat(after.equalityDeleteFiles()).isZero();
      assertThat(after.positionDeleteFiles()).isZero();
      assertThat(after.dataFiles()).isEqualTo(1);
      table.refresh();
      assertThat(table.currentSnapshot().dataManifests(table.io())).as("the data manifests gathered").hasSize(1);
      awaitEqual(preview);
    }
  }

  /**
   * sink.compaction.enabled: the run compacts the table every few commits of its own, while it streams, and
   * deletes what a killed job left in the table's folder: once the run has committed, what no snapshot names and
   * was written before its start; else once it is older than sink.compaction.orphan-files.older-than (3 days by
   * default), keeping younger files.
   */
  @Test
  void aRunWithCompactionEnabledCompactsEveryFewCommitsAndEveryRowStaysEqual() throws Exception {
    String yaml = Files.readString(yamlFile).replace("  table.properties.format-version: 2\n",
        "  table.properties.format-version: 2\n  table.properties.history.expire.max-snapshot-age-ms: 1000\n"
            + "  sink.compaction.enabled: true\n  sink.compaction.commit.interval: 2\n");
    Path data = Files.createDirectories(warehouse.resolve("ods").resolve("orders").resolve("data"));
    Path leftByAKilledJob = Files.writeString(data.resolve("00000-0-killed-00001.parquet"), "never committed");
    Files.setLastModifiedTime(leftByAKilledJob, FileTime.from(Instant.now().minus(Duration.ofDays(4))));
    Path young = Files.writeString(data.resolve("00000-0-young-00001.parquet"), "written a moment before the run");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(new PipelineYamlReader().read(yaml), checkpoints,
        false)) {
      assertThat(run.startNotes()).extracting(note -> note.english())
          .contains("Each Iceberg table is compacted every 2 commits of the pipeline (sink.compaction.enabled), while"
              + " it streams; its snapshots are expired every hour and after each compaction, as its history.expire.*"
              + " properties say (older than 5 days, at least one kept, unless the table says otherwise), never the"
              + " pipeline's newest commit.");
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the snapshot", STEP, () -> preview.exists(OrdersTables.ODS_ORDERS)
          && preview.rowCount(OrdersTables.ODS_ORDERS) == ROWS, Boolean.TRUE::equals);
      Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString())
          .loadTable(OrdersTables.ODS_ORDERS);
      Path afterTheStart;
      try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, ROWS)) {
        await("a compaction by the run", STEP, () -> compaction(table) != null, Boolean.TRUE::equals);
        long first = compaction(table).snapshotId();
        afterTheStart = Files.writeString(data.resolve("00000-0-after-00001.parquet"), "written during the run");
        await("another compaction by the run", STEP, () -> compaction(table).snapshotId() != first,
            Boolean.TRUE::equals);
      }
      awaitEqual(preview);
      assertThat(OrdersTables.duplicateKeys(preview)).isEmpty();
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
      table.refresh();
      assertThat(table.snapshots()).as("expired after each compaction, as history.expire.* says")
          .hasSizeLessThan(20);
      await("the orphan file deleted", STEP, () -> Files.exists(leftByAKilledJob), Boolean.FALSE::equals);
      await("the file written before the run deleted", STEP, () -> Files.exists(young), Boolean.FALSE::equals);
      assertThat(afterTheStart).as("written during the run, younger than three days").exists();
    }
  }

  /**
   * Compaction runs in an operator of the job that holds no state: a pipeline stopped without it resumes from
   * its checkpoint with it, compacts, and every row stays equal; stopped with it, it resumes without it.
   */
  @Test
  void aPipelineResumedWithCompactionTurnedOnCompactsFromItsCheckpoint() throws Exception {
    String yaml = Files.readString(yamlFile);
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(new PipelineYamlReader().read(yaml), checkpoints,
        false)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the snapshot", STEP, () -> preview.exists(OrdersTables.ODS_ORDERS)
          && preview.rowCount(OrdersTables.ODS_ORDERS) == ROWS, Boolean.TRUE::equals);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = amount + 1 WHERE id % 10 = 0");
      awaitEqual(preview);
      long seen = run.completedCheckpoints();
      await("a checkpoint after the update", STEP, run::completedCheckpoints, done -> done > seen);
    }
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id % 10 = 1");
    String withCompaction = yaml.replace("  table.properties.format-version: 2\n",
        "  table.properties.format-version: 2\n  sink.compaction.enabled: true\n  sink.compaction.commit.interval: 1\n");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(new PipelineYamlReader().read(withCompaction),
        checkpoints, false)) {
      assertThat(run.start().resumedFrom()).as("resumed from the checkpoint taken without compaction").isPresent();
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString())
          .loadTable(OrdersTables.ODS_ORDERS);
      awaitEqual(preview);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = amount + 1 WHERE id % 10 = 2");
      await("a compaction after the resume", STEP, () -> compaction(table) != null, Boolean.TRUE::equals);
      awaitEqual(preview);
      assertThat(OrdersTables.duplicateKeys(preview)).isEmpty();
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
      long seen = run.completedCheckpoints();
      await("a checkpoint after the compaction", STEP, run::completedCheckpoints, done -> done > seen);
    }
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id % 10 = 3");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(new PipelineYamlReader().read(yaml), checkpoints,
        false)) {
      assertThat(run.start().resumedFrom()).as("and back, without it").isPresent();
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual(preview);
      assertThat(OrdersTables.duplicateKeys(preview)).isEmpty();
    }
  }

  /**
   * sink.compaction.delete-percent: commits whose deletes remove few rows leave the table as it is, however
   * many; once the deleted rows reach the share, the run compacts it, and every row stays equal.
   * Under -Plong, for the suite's time: the share itself is CompactionScheduleTest's.
   */
  @Tag("long")
  @Test
  void aRunCompactsOnceTheRowsItsDeletesRemoveReachTheShareAsked() throws Exception {
    String yaml = Files.readString(yamlFile).replace("  table.properties.format-version: 2\n",
        "  table.properties.format-version: 2\n  sink.compaction.enabled: true\n  sink.compaction.commit.interval: 1\n"
            + "  sink.compaction.delete-percent: 20\n");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(new PipelineYamlReader().read(yaml), checkpoints,
        false)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the snapshot", STEP, () -> preview.exists(OrdersTables.ODS_ORDERS)
          && preview.rowCount(OrdersTables.ODS_ORDERS) == ROWS, Boolean.TRUE::equals);
      Table table = new HadoopCatalog(new Configuration(), warehouse.toUri().toString())
          .loadTable(OrdersTables.ODS_ORDERS);
      for (int round = 0; round < 3; round++) {
        postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = amount + 1 WHERE id % 100 = "
            + round);
        awaitEqual(preview);
      }
      long seen = run.completedCheckpoints();
      await("three checkpoints after the updates", STEP, run::completedCheckpoints, done -> done >= seen + 3);
      assertThat(compaction(table)).as("150 rows updated of 5,000: under 20 percent, not compacted").isNull();

      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id <= 1200");
      await("a compaction once deletes remove 20% of the rows", STEP, () -> compaction(table) != null,
          Boolean.TRUE::equals);
      Map<String, String> before = beforeCompaction(table).summary();
      assertThat(Long.parseLong(before.get(SnapshotSummary.TOTAL_EQ_DELETES_PROP)) * 100)
          .as("the rows deleted before the compaction, against %s", before)
          .isGreaterThanOrEqualTo(20 * Long.parseLong(before.get(SnapshotSummary.TOTAL_RECORDS_PROP)));
      awaitEqual(preview);
      assertThat(OrdersTables.duplicateKeys(preview)).isEmpty();
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  private void awaitEqual(IcebergTablePreview preview) throws Exception {
    await("Iceberg equal to PostgreSQL", STEP, () -> {
      try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
        return SourceTargetDiff.of(connection, "public.orders", "id", preview, OrdersTables.ODS_ORDERS);
      }
    }, List::isEmpty);
  }

  private static TableHealth health(Table table) {
    table.refresh();
    return TableHealthReader.read("ods.orders", table);
  }

  private static Snapshot compaction(Table table) {
    table.refresh();
    for (Snapshot snapshot = table.currentSnapshot(); snapshot != null;
        snapshot = snapshot.parentId() == null ? null : table.snapshot(snapshot.parentId())) {
      if (DataOperations.REPLACE.equals(snapshot.operation())) {
        return snapshot;
      }
    }
    return null;
  }

  /** The snapshot the latest compaction started from: a compaction commits its files, then its manifests. */
  private static Snapshot beforeCompaction(Table table) {
    Snapshot snapshot = compaction(table);
    while (DataOperations.REPLACE.equals(snapshot.operation())) {
      snapshot = table.snapshot(snapshot.parentId());
    }
    return snapshot;
  }

  private static String cli(String... arguments) {
    StringWriter out = new StringWriter();
    int exit = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(out, true))
        .execute(arguments);
    assertThat(exit).as(out.toString()).isZero();
    return out.toString();
  }
}
