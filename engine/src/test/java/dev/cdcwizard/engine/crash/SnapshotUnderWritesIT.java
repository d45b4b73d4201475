package dev.cdcwizard.engine.crash;

import static dev.cdcwizard.engine.testing.Eventually.await;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The initial snapshot while an application writes, no crash: Iceberg must end equal to PostgreSQL. */
class SnapshotUnderWritesIT {
  private static final int ROWS = 100_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(3);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path folder;

  @ParameterizedTest(name = "parallelism {0}, backfill skipped {1}")
  @CsvSource({"2, false", "2, true", "1, false"})
  void snapshotWithConcurrentWritesEndsExact(int parallelism, boolean skipBackfill) throws Exception {
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      postgres.execute(SampleDatabase.DATABASE,
          "INSERT INTO public.orders SELECT g, 'customer ' || g, (g % 1000) / 10.0, 'NEW'"
              + " FROM generate_series(1000, " + (ROWS + 997) + ") g",
          "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      String yaml = TutorialFixture.pipelineYaml(postgres, folder.resolve("warehouse"), parallelism)
          .replace("  slot.name: cdc_orders\n", "  slot.name: cdc_orders\n  scan.incremental.snapshot.backfill.skip: "
              + skipBackfill + "\n");
      try (OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, ROWS);
          EmbeddedPipelineRun run = EmbeddedPipelineRun.start(new PipelineYamlReader().read(yaml),
              new LaunchOptions(null, folder.resolve("checkpoints").toUri().toString()))) {
        IcebergTablePreview preview = new IcebergTablePreview(run.prepared().catalogLoader().loadCatalog());
        await("the snapshot", TIMEOUT, () -> preview.exists(ODS_ORDERS) ? preview.rowCount(ODS_ORDERS) : 0,
            rows -> rows >= ROWS * 9 / 10);
        Thread.sleep(5000);
        workload.close();
        await("Iceberg to equal PostgreSQL", TIMEOUT, () -> {
          try (Connection connection = postgres.connect(SampleDatabase.DATABASE)) {
            List<String> differences = SourceTargetDiff.of(connection, "public.orders", "id", preview, ODS_ORDERS);
            return differences.size() > 5 ? differences.subList(0, 5) : differences;
          }
        }, List::isEmpty);
      }
    }
  }
}
