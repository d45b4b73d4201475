package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.JobStatus;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table added to a pipeline that streamed for a while: the next run copies only it, in a snapshot of
 * its own, while the other table keeps its rows and resumes from its checkpoint, changes made while the
 * pipeline was stopped included, and one whose transaction began before the table joined the publication
 * and committed after the next run's copy. A table left out again stops being written, its target kept.
 */
class AddedTablesIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);
  private static final TableIdentifier ODS_SHIPMENTS = TableIdentifier.of("ods", "shipments");
  private static final String TABLES = "  tables: inventory.public.orders";
  private static final String ROUTE = "    sink-table: ods.orders";

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "CREATE TABLE public.shipments (id bigint PRIMARY KEY, order_id bigint, status varchar(20))",
        "INSERT INTO public.shipments SELECT g, g % 7, 'PACKED' FROM generate_series(1, 500) g",
        "INSERT INTO public.orders SELECT g, 'customer ' || g, g, 'READY' FROM generate_series(200, 260) g");
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aTableAddedIsCopiedAloneWhileTheOthersResumeAndOneLeftOutKeepsItsTarget() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = preview(run);
      SourceTargetDiff.awaitOrdersEqual("the snapshot", TIMEOUT, postgres, preview);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET order_status = 'PAID' WHERE id = 201");
      SourceTargetDiff.awaitOrdersEqual("a change", TIMEOUT, postgres, preview);
    }
    // while the pipeline is stopped: changes of both, some of shipments before it joins the publication,
    // one of those in a transaction that commits only once the next run copied the table
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id = 202",
        "UPDATE public.shipments SET status = 'SENT' WHERE id <= 10", "DELETE FROM public.shipments WHERE id = 11");
    Connection straggler = postgres.connect(SampleDatabase.DATABASE);
    straggler.setAutoCommit(false);
    straggler.createStatement().execute("UPDATE public.shipments SET status = 'HELD' WHERE id = 16");
    postgres.execute(SampleDatabase.DATABASE, "ALTER PUBLICATION cdc_orders ADD TABLE public.shipments",
        "UPDATE public.shipments SET status = 'LOST' WHERE id = 12",
        "INSERT INTO public.shipments VALUES (501, 3, 'PACKED')");
    Thread committer = new Thread(() -> commitOnceCopied(straggler), "straggler");
    committer.start();

    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints,
        TABLES, TABLES + ",inventory.public.shipments",
        ROUTE, ROUTE + "\n  - source-table: public.shipments\n    sink-table: ods.shipments")) {
      committer.join();
      assertThat(run.start().resumedFrom()).as("a resume, not a new snapshot of every table").isPresent();
      assertThat(run.startNotes()).extracting(UserMessage::english).contains("Tables the pipeline captures from now"
          + " on: [public.shipments]. They are copied first, in a snapshot of their own; the other tables keep their"
          + " rows and resume where they stopped.");
      IcebergTablePreview preview = preview(run);
      awaitBothEqual("the added table copied and the other resumed", preview);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.shipments SET status = 'SENT' WHERE id = 13",
          "DELETE FROM public.shipments WHERE id = 14", "INSERT INTO public.shipments VALUES (502, 4, 'PACKED')",
          "DELETE FROM public.orders WHERE id = 203", "UPDATE public.orders SET order_status = 'SHIPPED' WHERE id = 204");
      awaitBothEqual("changes of both after the copy", preview);
      assertThat(preview.snapshots(ODS_SHIPMENTS)).as("the copy appended, no equality delete")
          .anySatisfy(commit -> {
            assertThat(commit.addedRecords()).isEqualTo(500);
            assertThat(commit.addedEqualityDeletes()).isZero();
          });
    }

    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      assertThat(run.start().resumedFrom()).as("a table left out resumes too").isPresent();
      IcebergTablePreview preview = preview(run);
      long shipments = preview.rowCount(ODS_SHIPMENTS);
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.shipments WHERE id = 15",
          "UPDATE public.orders SET order_status = 'LATE' WHERE id = 205");
      SourceTargetDiff.awaitOrdersEqual("the table still captured", TIMEOUT, postgres, preview);
      assertThat(preview.rowCount(ODS_SHIPMENTS)).as("the table left out keeps its target").isEqualTo(shipments);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  /**
   * Commits once the next run's copy is in the lake (at most a minute later): the copy's snapshot lacks
   * the change, so only the stream can bring it.
   */
  private void commitOnceCopied(Connection straggler) {
    try (straggler) {
      HadoopCatalog lake = new HadoopCatalog(new Configuration(), warehouse.toUri().toString());
      long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
      while (System.nanoTime() < deadline
          && !(lake.tableExists(ODS_SHIPMENTS) && lake.loadTable(ODS_SHIPMENTS).currentSnapshot() != null)) {
        Thread.sleep(100);
      }
      straggler.commit();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static IcebergTablePreview preview(EmbeddedPipelineRun run) {
    return new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
  }

  private void awaitBothEqual(String step, IcebergTablePreview preview) throws Exception {
    SourceTargetDiff.awaitOrdersEqual(step, TIMEOUT, postgres, preview);
    await(step + ": shipments", TIMEOUT, () -> {
      if (!preview.exists(ODS_SHIPMENTS)) {
        return List.of("no table yet");
      }
      try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
        return SourceTargetDiff.of(connection, "public.shipments", "id", preview, ODS_SHIPMENTS);
      }
    }, List::isEmpty);
  }
}
