package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ALTER COLUMN ... TYPE that keeps the column's Iceberg type: followed when PostgreSQL changed no row
 * (a longer varchar), and past a VACUUM FULL; a stop when it rewrote the table (smallint to integer, a
 * narrowing with a USING into Iceberg's wider column, a USING that keeps the exact type), found again at a
 * resume, and followed once the user accepts that rewrite.
 */
class TableRewriteIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");
  private static final String SLOT_LINE = "  slot.name: cdc_orders";

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  private EmbeddedPostgresServer postgres;

  @BeforeEach
  void start() throws Exception {
    postgres = SampleDatabase.start();
    postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ADD COLUMN quantity smallint",
        "ALTER TABLE public.orders ADD COLUMN total bigint",
        "INSERT INTO public.orders SELECT g, 'customer ' || g, g, 'READY', g % 7, g * 10 FROM generate_series(200, 260) g");
    PipelineITSupport.createPublication(postgres, "public.orders");
  }

  @AfterEach
  void stop() {
    postgres.close();
  }

  @Test
  void aRewritingTypeChangeStopsTheJobUntilAcceptedWhileOneWithoutARewriteIsFollowed() throws Exception {
    String rewrite;
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ALTER COLUMN customer_name TYPE varchar(200)",
          "UPDATE public.orders SET customer_name = repeat('x', 150) WHERE id = 201");
      awaitEqual("a longer varchar", preview);
      // the watch looks every 10 s: past one look, the job still runs; a rewrite that changed no type too
      Thread.sleep(TutorialFixture.TABLE_WATCH_INTERVAL_MILLIS + 2000);
      postgres.execute(SampleDatabase.DATABASE, "VACUUM FULL public.orders");
      Thread.sleep(TutorialFixture.TABLE_WATCH_INTERVAL_MILLIS + 2000);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);

      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ALTER COLUMN quantity TYPE integer",
          "UPDATE public.orders SET quantity = 100000 WHERE id = 202");
      rewrite = "public.orders@" + filenode();
      awaitStop(run, "quantity smallint -> integer", rewrite);
    }
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      assertThat(run.start().resumedFrom()).isPresent();
      awaitStop(run, "quantity smallint -> integer", rewrite);
    }
    String keptType;
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints,
        SLOT_LINE, SLOT_LINE + "\n  rewrites.accepted: " + rewrite)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the rows after the accepted rewrite", preview);
      postgres.execute(SampleDatabase.DATABASE, "DELETE FROM public.orders WHERE id = 203",
          "UPDATE public.orders SET quantity = 70000 WHERE id = 204");
      awaitEqual("changes after it", preview);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);

      // the catalog shows no type change: only the column's own catalog row, written with the rewrite
      postgres.execute(SampleDatabase.DATABASE,
          "ALTER TABLE public.orders ALTER COLUMN customer_name TYPE varchar(200) USING customer_name || ''");
      keptType = "public.orders@" + filenode();
      awaitStop(run, EngineMessage.STOP_TABLE_REWRITTEN_ALTERED,
          "rewrote every row of public.orders in the same change that altered customer_name", keptType);
    }
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints,
        SLOT_LINE, SLOT_LINE + "\n  rewrites.accepted: " + rewrite + "," + keptType)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET customer_name = 'after' WHERE id = 205");
      awaitEqual("the rows after a USING that kept every value", preview);

      // into Iceberg's long the stream would follow a narrowing, with the values the USING changed left old
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ALTER COLUMN total TYPE integer USING total / 10");
      awaitStop(run, "total bigint -> integer", "public.orders@" + filenode());
    }
  }

  private static void awaitStop(EmbeddedPipelineRun run, String change, String rewrite) throws Exception {
    awaitStop(run, EngineMessage.STOP_TABLE_REWRITTEN,
        "rewrote every row of public.orders to change the type of " + change, rewrite);
  }

  private static void awaitStop(EmbeddedPipelineRun run, EngineMessage stop, String says, String rewrite)
      throws Exception {
    await("the job to stop on the rewrite", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
    String failure = ExceptionUtils.stringifyException(run.failure());
    assertThat(JobFailureClassifier.permanentCause(failure)).hasValueSatisfying(cause -> {
      assertThat(cause.key()).isEqualTo(stop);
      assertThat(cause.english()).contains(says, "--accept-rewrite " + rewrite);
    });
  }

  private long filenode() throws Exception {
    try (Connection connection = postgres.connect(SampleDatabase.DATABASE);
        Statement statement = connection.createStatement();
        ResultSet rs = statement.executeQuery("SELECT relfilenode FROM pg_class WHERE oid = 'public.orders'::regclass")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private void awaitEqual(String step, IcebergTablePreview preview) throws Exception {
    SourceTargetDiff.awaitOrdersEqual(step, TIMEOUT, postgres, preview);
  }
}
