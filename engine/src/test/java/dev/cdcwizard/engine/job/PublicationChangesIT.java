package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;

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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * pgoutput sends a change only if the publication publishes it when it is made: a publication altered
 * while the pipeline streams left changes out without a trace (measured before the stop: a delete lost, the
 * job running). The job's table watch stops it, naming the publication and the table.
 */
class PublicationChangesIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "ALTER PUBLICATION cdc_orders SET (publish = 'insert, update')|STOP_PUBLICATION_NOT_ALL_CHANGES|"
          + "The publication cdc_orders no longer publishes every kind of change",
      "ALTER PUBLICATION cdc_orders DROP TABLE public.orders|STOP_TABLE_UNPUBLISHED|"
          + "public.orders was taken out of the publication cdc_orders",
      "ALTER PUBLICATION cdc_orders SET TABLE public.orders WHERE (amount > 10)|STOP_TABLE_FILTERED|"
          + "The publication cdc_orders now sends only some rows or columns of public.orders"})
  void aPublicationAlteredWhileStreamingStopsTheJob(String alter, EngineMessage stop, String said) throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      SourceTargetDiff.awaitOrdersEqual("the snapshot", TIMEOUT, postgres, preview);
      await("a checkpoint of the streaming job", TIMEOUT, run::completedCheckpoints, count -> count >= 1);

      postgres.execute(SampleDatabase.DATABASE, alter, "DELETE FROM public.orders WHERE id = 101");
      PipelineITSupport.awaitStop(run, stop, said, "--fresh");
    }
  }
}
