package dev.cdcwizard.engine.job;

import static dev.cdcwizard.engine.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.JobStatus;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** schema.change.behavior ignore and exception, on the tutorial's ADD COLUMN. */
class SchemaChangeBehaviorIT {
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path warehouse;
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

  @Test
  void ignoreKeepsTheFirstSchemaAndGoesOnWriting() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.start(postgres, warehouse,
        "schema.change.behavior: evolve", "schema.change.behavior: ignore")) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitAmounts(preview, List.of("101=29.90", "102=5.00"));
      postgres.execute(SampleDatabase.DATABASE,
          "ALTER TABLE public.orders ADD COLUMN quantity INTEGER",
          "UPDATE public.orders SET quantity = 2, amount = 39.90 WHERE id = 101");
      awaitAmounts(preview, List.of("101=39.90", "102=5.00"));
      assertThat(preview.schema(ODS_ORDERS).findField("quantity")).isNull();
      assertThat(run.status()).isEqualTo(JobStatus.RUNNING);
    }
  }

  @Test
  void exceptionFailsTheJobNamingTheChange() throws Exception {
    try (EmbeddedPipelineRun run = PipelineITSupport.start(postgres, warehouse,
        "schema.change.behavior: evolve", "schema.change.behavior: exception")) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      awaitAmounts(preview, List.of("101=29.90", "102=5.00"));
      postgres.execute(SampleDatabase.DATABASE,
          "ALTER TABLE public.orders ADD COLUMN quantity INTEGER",
          "UPDATE public.orders SET quantity = 2 WHERE id = 101");
      await("the job to fail", Duration.ofMinutes(3), run::status, status -> status == JobStatus.FAILED);
      assertThat(causes(run.failure())).anySatisfy(message -> assertThat(message)
          .contains("schema.change.behavior is exception")
          .contains("public.orders -> ods.orders")
          .contains("quantity int"));
    }
  }

  private static void awaitAmounts(IcebergTablePreview preview, List<String> expected) throws Exception {
    await("amounts " + expected, TIMEOUT,
        () -> preview.exists(ODS_ORDERS) ? preview.rows(ODS_ORDERS, "id", 10).stream()
            .map((Map<String, Object> row) -> row.get("id") + "=" + row.get("amount")).toList() : List.of(),
        expected::equals);
  }

  private static List<String> causes(Throwable failure) {
    List<String> messages = new java.util.ArrayList<>();
    for (Throwable cause = failure; cause != null && messages.size() < 20; cause = cause.getCause()) {
      messages.add(String.valueOf(cause.getMessage()));
    }
    return messages;
  }
}
