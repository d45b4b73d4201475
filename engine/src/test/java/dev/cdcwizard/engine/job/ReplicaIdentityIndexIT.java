package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * REPLICA IDENTITY USING INDEX with an index that leaves out the primary key: a delete then carries only
 * the index's columns, Debezium fills the key with the type's zero, and the target, which deletes by the key,
 * kept the row (measured before this: a delete lost and an updated row doubled, the job running). Such a table
 * is refused before the start, and one set so while the pipeline streams stops the job within the table
 * watch's interval; the stop asks for a fresh start, which copies again what it let pass.
 */
class ReplicaIdentityIndexIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final String IDENTITY_BY_NAME = "ALTER TABLE public.orders REPLICA IDENTITY USING INDEX orders_name";

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "CREATE UNIQUE INDEX orders_name ON public.orders (customer_name)");
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aTableWhoseIdentityIndexLeavesOutTheKeyIsRefusedBeforeTheStart() throws Exception {
    postgres.execute(SampleDatabase.DATABASE, IDENTITY_BY_NAME);

    assertThatThrownBy(() -> PipelineITSupport.startOrResume(postgres, warehouse, checkpoints))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining("public.orders: REPLICA IDENTITY USING INDEX names an index without every primary key");
  }

  @Test
  void anIdentityIndexSetWhileStreamingStopsTheJobAndItsResumeIsRefused() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      SourceTargetDiff.awaitOrdersEqual("the snapshot", TIMEOUT, postgres, preview);
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);

      postgres.execute(SampleDatabase.DATABASE, IDENTITY_BY_NAME, "DELETE FROM public.orders WHERE id = 101");
      PipelineITSupport.awaitStop(run, EngineMessage.STOP_IDENTITY_WITHOUT_KEY,
          "The REPLICA IDENTITY of public.orders is now an index without every", "REPLICA IDENTITY FULL");
    }
    assertThatThrownBy(() -> PipelineITSupport.startOrResume(postgres, warehouse, checkpoints))
        .isInstanceOf(PipelineRefusedException.class)
        .hasMessageContaining("public.orders: REPLICA IDENTITY USING INDEX names an index without every primary key");
  }
}
