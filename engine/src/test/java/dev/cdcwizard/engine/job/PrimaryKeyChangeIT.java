package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A captured table whose primary key changes on the source cannot be followed exactly: under REPLICA
 * IDENTITY DEFAULT a delete carries only the key of its time, and one replayed after the change is read
 * with the new key. The job stops before it writes anything of the table past its last checkpoint,
 * naming both keys.
 */
class PrimaryKeyChangeIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders REPLICA IDENTITY DEFAULT");
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aKeyChangedWhileThePipelineWasStoppedStopsItsResumeBeforeADeleteIsLost() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      SourceTargetDiff.awaitOrdersEqual("the snapshot", TIMEOUT, postgres, preview);
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);
    }
    postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id = 101",
        "ALTER TABLE public.orders DROP CONSTRAINT orders_pkey, ADD PRIMARY KEY (customer_name)",
        "UPDATE public.orders SET id = 555 WHERE id = 102");

    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      PipelineITSupport.awaitStop(run, EngineMessage.STOP_PRIMARY_KEY_CHANGED,
          "The primary key of public.orders is now (customer_name)", "ods.orders is keyed by (id)");
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      assertThat(preview.rows(TableIdentifier.of("ods", "orders"), null, 10)).map(row -> row.get("id"))
          .as("nothing after the checkpoint was written").containsExactlyInAnyOrder(101L, 102L);
    }
  }
}
