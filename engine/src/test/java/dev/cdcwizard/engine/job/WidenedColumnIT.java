package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.cli.CdcWizardCli;
import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.util.ExceptionUtils;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ALTER COLUMN ... TYPE to a type Iceberg could widen to: PostgreSQL rewrote the rows without row
 * events and may have changed them with USING, so the job stops before writing past it; once the user
 * widens the Iceberg column with {@code widen-column}, the resumed job streams on and every row,
 * those that did not change after the ALTER included, equals PostgreSQL's.
 */
class WidenedColumnIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(150);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
  @TempDir Path checkpoints;
  @TempDir Path folder;
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
  void aWidenedColumnStopsTheJobUntilTheIcebergColumnIsWidenedThenEveryRowIsEqual() throws Exception {
    Path yamlFile = Files.writeString(folder.resolve("pipeline.yaml"), TutorialFixture.pipelineYaml(postgres, warehouse, 1));
    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the snapshot", preview);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = 7 WHERE id = 250",
          "DELETE FROM public.orders WHERE id = 251");
      awaitEqual("changes before the ALTER", preview);
      postgres.execute(SampleDatabase.DATABASE, "ALTER TABLE public.orders ALTER COLUMN amount TYPE numeric(14, 2)",
          "UPDATE public.orders SET amount = 123456789012.34 WHERE id = 201",
          "INSERT INTO public.orders VALUES (300, 'Carol', 3.00, 'NEW')");
      await("the job to stop", TIMEOUT, run::status, status -> status == JobStatus.FAILED);
      String failure = ExceptionUtils.stringifyException(run.failure());
      assertThat(JobFailureClassifier.permanentCause(failure)).hasValueSatisfying(cause -> {
        assertThat(cause.key()).isEqualTo(EngineMessage.STOP_TYPE_WIDENED);
        assertThat(cause.english()).contains("amount changed from decimal(10, 2) to decimal(14, 2) on public.orders",
            "widen-column PIPELINE.yaml --table ods.orders --column amount");
      });
      assertThat(preview.schema(ODS_ORDERS).findField("amount").type()).isEqualTo(Types.DecimalType.of(10, 2));
    }

    assertThat(cli("widen-column", yamlFile.toString(), "--column", "amount"))
        .contains("--table NS.TABLE");
    assertThat(cli("widen-column", yamlFile.toString(), "--table", "ods.orders", "--column", "amount"))
        .contains("ods.orders: column amount widened from decimal(10, 2) to decimal(14, 2)");
    assertThat(cli("widen-column", yamlFile.toString(), "--table", "ods.orders", "--column", "amount"))
        .contains("column amount is already decimal(14, 2)");

    try (EmbeddedPipelineRun run = PipelineITSupport.startOrResume(postgres, warehouse, checkpoints)) {
      assertThat(run.start().resumedFrom()).isPresent();
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitEqual("the rows after the ALTER, once resumed", preview);
      postgres.execute(SampleDatabase.DATABASE, "UPDATE public.orders SET amount = 99999999999.99 WHERE id = 202",
          "DELETE FROM public.orders WHERE id IN (203, 300)", "INSERT INTO public.orders VALUES (301, 'Dan', 1.50, 'NEW')");
      awaitEqual("changes after the widening", preview);
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  private static String cli(String... arguments) {
    StringWriter out = new StringWriter();
    CdcWizardCli.commandLine().setOut(new PrintWriter(out, true)).setErr(new PrintWriter(out, true))
        .execute(arguments);
    return out.toString();
  }

  private void awaitEqual(String step, IcebergTablePreview preview) throws Exception {
    SourceTargetDiff.awaitOrdersEqual(step, TIMEOUT, postgres, preview);
  }
}
