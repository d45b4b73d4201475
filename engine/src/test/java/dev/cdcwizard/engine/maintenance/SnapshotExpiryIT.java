package dev.cdcwizard.engine.maintenance;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.sink.iceberg.SnapshotExpiry;
import dev.cdcwizard.engine.testing.OrdersTables;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.apache.iceberg.io.CloseableIterable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code expire-snapshots} on the tutorial's lake: old snapshots go and their files with them, the
 * pipeline's newest commit stays even under a later commit of another writer; {@code remove-orphan-files}
 * then deletes an old file no metadata names and keeps a young one; and the resumed pipeline ends with
 * every row equal to PostgreSQL's and no key twice (its committer found its last checkpoint and every file).
 */
class SnapshotExpiryIT {
  private static final Duration STEP = Duration.ofSeconds(120);

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  @TempDir Path folder;
  private EmbeddedPostgresServer postgres;
  private Path yamlFile;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
    yamlFile = Files.writeString(folder.resolve("pipeline.yaml"), TutorialFixture.pipelineYaml(postgres, warehouse, 1));
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void expiresOldSnapshotsButKeepsThePipelinesNewestCommitAndTheResumeEndsExact() throws Exception {
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        new PipelineYamlReader().read(Files.readString(yamlFile)), checkpoints, false)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      await("the slot streaming", STEP, () -> TutorialFixture.slotActive(postgres, SampleDatabase.DATABASE,
          "cdc_orders"), Boolean.TRUE::equals);
      for (int change = 0; change < 3; change++) {
        postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = amount + 1 WHERE id = 101",
            "INSERT INTO public.orders VALUES (" + (200 + change) + ", 'c', 1.00, 'NEW')");
        awaitEqual(preview, "change " + change);
      }
    }
    HadoopCatalog catalog = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
    Table table = catalog.loadTable(OrdersTables.ODS_ORDERS);
    Snapshot pipelines = table.currentSnapshot();
    assertThat(pipelines.summary()).containsKey(SnapshotExpiry.COMMITTED_CHECKPOINT);
    // another writer commits after the pipeline: retain-last 1 alone would expire the pipeline's commit
    table.newAppend().set("written-by", "another engine").commit();
    int before = count(table);
    assertThat(before).isGreaterThan(3);

    StringWriter out = new StringWriter();
    int exit = CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(out, true))
        .execute("expire-snapshots", yamlFile.toString(), "--older-than", "0s", "--retain-last", "1");

    assertThat(exit).as(out.toString()).isZero();
    table.refresh();
    assertThat(count(table)).isEqualTo(2);
    assertThat(table.snapshot(pipelines.snapshotId())).as("the pipeline's newest commit").isNotNull();
    assertThat(out.toString()).contains("ods.orders: " + (before - 2) + " of " + before + " snapshots expired, 2 kept",
        "kept from snapshot " + pipelines.snapshotId() + " on: the pipeline's newest commit");

    Path orphan = plantAnOrphan(table, Duration.ofDays(2));
    Path young = plantAnOrphan(table, Duration.ZERO);
    StringWriter removed = new StringWriter();
    exit = CdcWizardCli.commandLine().setOut(new PrintWriter(removed, true)).setErr(new PrintWriter(removed, true))
        .execute("remove-orphan-files", yamlFile.toString(), "--older-than", "1d");
    assertThat(exit).as(removed.toString()).isZero();
    assertThat(removed.toString()).contains("ods.orders: 1 orphan files deleted", orphan.getFileName().toString(),
        "files no metadata names were written after");
    assertThat(orphan).doesNotExist();
    assertThat(young).exists();

    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id = 200",
        "UPDATE public.orders SET order_status = 'PAID' WHERE id = 201");
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(
        new PipelineYamlReader().read(Files.readString(yamlFile)), checkpoints, false)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual(preview, "the resume after the expiry");
      assertThat(OrdersTables.duplicateKeys(preview)).isEmpty();
    }
  }

  /** A copy of one of the table's data files under a name no metadata knows, written {@code ago}. */
  private static Path plantAnOrphan(Table table, Duration ago) throws Exception {
    String location;
    try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
      location = tasks.iterator().next().file().location();
    }
    Path written = Path.of(URI.create(location));
    Path orphan = written.resolveSibling("orphan-" + ago.toHours() + "h-" + written.getFileName());
    Files.copy(written, orphan);
    Files.setLastModifiedTime(orphan, FileTime.from(Instant.now().minus(ago)));
    return orphan;
  }

  private void awaitEqual(IcebergTablePreview preview, String step) throws Exception {
    await(step, STEP, () -> OrdersTables.target(preview).equals(OrdersTables.source(postgres)), Boolean.TRUE::equals);
  }

  private static int count(Table table) {
    int snapshots = 0;
    for (Snapshot ignored : table.snapshots()) {
      snapshots++;
    }
    return snapshots;
  }
}
