package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.PipelineStopException;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A column added with a default gives PostgreSQL's existing rows a value that logical decoding never
 * sends, and Iceberg would read NULL there: the job stops before the column reaches the table, naming
 * it, and stops again when resumed from its checkpoint. A column added without one, its default set
 * afterwards, is followed, every row compared, the rows that did not change after it included.
 */
class AddedColumnDefaultIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE,
        "INSERT INTO public.orders SELECT g, 'customer ' || g, g, 'READY' FROM generate_series(200, 260) g");
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aConstantDefaultStopsTheJobBeforeTheColumnIsWritten() throws Exception {
    assertStops(EngineMessage.STOP_ADDED_COLUMN_DEFAULT_ICEBERG,
        "ALTER TABLE public.orders ADD COLUMN region varchar(10) NOT NULL DEFAULT 'eu'",
        "INSERT INTO public.orders VALUES (300, 'Carol', 3.00, 'NEW', 'us')");
  }

  @Test
  void aVolatileDefaultStopsTheJobBeforeTheColumnIsWritten() throws Exception {
    assertStops(EngineMessage.STOP_ADDED_COLUMN_VALUES_UNKNOWN,
        "ALTER TABLE public.orders ADD COLUMN score double precision DEFAULT random()",
        "UPDATE public.orders SET amount = amount + 1 WHERE id = 201");
  }

  @Test
  void aColumnAddedWithoutADefaultIsFollowed() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ADD COLUMN note text",
          "ALTER TABLE public.orders ALTER COLUMN note SET DEFAULT 'later'",
          "INSERT INTO public.orders VALUES (300, 'Carol', 3.00, 'NEW')",
          "UPDATE public.orders SET note = 'changed' WHERE id = 201", "DELETE FROM public.orders WHERE id = 202");
      awaitEqual("a column added without a default", preview);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  private void assertStops(EngineMessage expected, String... change) throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = 7 WHERE id = 250",
          "DELETE FROM public.orders WHERE id = 251");
      awaitEqual("changes before the column", preview);
      postgres.execute(SampleDatabase.DATABASE, change);
      await("the job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
      assertStopped(run, expected);
      assertThat(preview.schema(ODS_ORDERS).columns()).hasSize(4);
    }
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      assertThat(run.start().resumedFrom()).isPresent();
      await("the resumed job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
      assertStopped(run, expected);
    }
  }

  private static void assertStopped(EmbeddedPipelineRun run, EngineMessage expected) throws Exception {
    String failure = ExceptionUtils.stringifyException(run.failure());
    assertThat(JobFailureClassifier.permanentCause(failure)).hasValueSatisfying(cause -> {
      assertThat(cause.key()).isEqualTo(expected);
      assertThat(cause.english()).contains("public.orders", "Nothing after the change was written");
    });
    assertThat(PipelineStopException.find(failure)).isPresent();
  }

  private void awaitEqual(String step, IcebergTablePreview preview) throws Exception {
    SourceTargetDiff.awaitOrdersEqual(step, TIMEOUT, postgres, preview);
  }
}
