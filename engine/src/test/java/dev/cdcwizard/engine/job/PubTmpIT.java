package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PubTmpIT {
  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "SELECT 1");

    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void explore() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      SourceTargetDiff.awaitOrdersEqual("the snapshot", Duration.ofSeconds(90), postgres, preview);
      await("a checkpoint", Duration.ofSeconds(90), run::completedCheckpoints, count -> count >= 1);
      postgres.execute(SampleDatabase.DATABASE, "ALTER PUBLICATION cdc_orders SET (publish = 'insert, update')", "DELETE FROM public.orders WHERE id = 101",
          "INSERT INTO public.orders VALUES (103, 'Carol', 1.00, 'NEW')");
      Thread.sleep(12000);
      System.out.println("STATUS " + run.status() + " " + run.failure());
      SourceTargetDiff.awaitOrdersEqual("after", Duration.ofSeconds(10), postgres, preview);
    }
  }
}
