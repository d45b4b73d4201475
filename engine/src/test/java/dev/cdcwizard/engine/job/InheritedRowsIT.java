package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.apache.flink.api.common.JobStatus;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A captured table that other tables INHERIT from: PostgreSQL publishes the changes of each under its own
 * name, so the pipeline streams the captured table's own rows only, and its copy must hold only those. A
 * SELECT of the table also returns its children's rows: copied that way, a child's row stayed in the target
 * with its first values while the child changed (measured before this). Flink CDC's snapshot, which a pipeline
 * needs where the engine's own cannot run, reads them that way: such a start is refused.
 */
class InheritedRowsIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE TABLE public.orders_old () INHERITS (public.orders)",
        "ALTER TABLE public.orders_old REPLICA IDENTITY FULL",
        "INSERT INTO public.orders_old VALUES (7, 'Old', 1.00, 'OLD')");
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void theCopyAndTheStreamHoldTheTablesOwnRowsNotItsChildrens() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);

      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders_old SET order_status = 'CHANGED'",
          "INSERT INTO public.orders VALUES (103, 'Carol', 1.00, 'NEW')", "DELETE FROM public.orders WHERE id = 101");
      awaitEqual("changes of the table and of its child", preview);
      assertThat(preview.rows(ORDERS, null, 10)).map(row -> row.get("id")).containsExactlyInAnyOrder(102L, 103L);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  @Test
  void whereFlinkCdcsSnapshotMustTakeTheTableItIsRefused() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, "CREATE TABLE public.orders_more (LIKE public.orders INCLUDING ALL)",
        "ALTER PUBLICATION cdc_orders ADD TABLE public.orders_more");

    assertThatThrownBy(() -> PipelineITSupport.startOrResume(postgres, warehouse, checkpoints,
        "inventory.public.orders", "inventory.public.orders,inventory.public.orders_more",
        "source-table: public.orders", "source-table: public.orders\\.*"))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining("public.orders has tables that INHERIT from it (public.orders_old)");
  }

  private void awaitEqual(String step, IcebergTablePreview preview) throws Exception {
    await(step + ": Iceberg equal to the table's own rows", TIMEOUT, () -> {
      if (!preview.exists(ORDERS)) {
        return List.of("no table yet");
      }
      try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
        return SourceTargetDiff.of(connection, "ONLY public.orders", "id", preview, ORDERS);
      }
    }, List::isEmpty);
  }
}
