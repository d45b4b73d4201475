package dev.cdcwizard.engine.crash;

import static dev.cdcwizard.engine.testing.Eventually.await;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.OrdersWorkload;
import dev.cdcwizard.engine.testing.SourceTargetDiff;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.apache.iceberg.catalog.TableIdentifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PostgreSQL stops and starts again while the pipeline streams and an application keeps writing: the
 * job restarts from its last checkpoint once the server is back, and Iceberg ends equal to PostgreSQL.
 */
class PostgresRestartIT {
  private static final int ROWS = 20_000;
  private static final Duration TIMEOUT = Duration.ofMinutes(3);
  private static final TableIdentifier ODS_ORDERS = TableIdentifier.of("ods", "orders");

  @TempDir Path folder;

  @Test
  void aRestartedServerEndsWithIcebergEqualToIt() throws Exception {
    int port = freePort();
    Path data = folder.resolve("pgdata");
    EmbeddedPostgresServer postgres = server(port, data);
    try {
      SampleDatabase.install(postgres);
      postgres.execute(SampleDatabase.DATABASE,
          "INSERT INTO public.orders SELECT g, 'customer ' || g, 1.00, 'NEW' FROM generate_series(1000, "
              + (ROWS + 997) + ") g",
          "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      String yaml = TutorialFixture.pipelineYaml(postgres, folder.resolve("warehouse"), 1);
      try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(new PipelineYamlReader().read(yaml),
          folder.resolve("checkpoints"), false)) {
        IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
        await("the snapshot", TIMEOUT, () -> preview.exists(ODS_ORDERS) ? preview.rowCount(ODS_ORDERS) : 0,
            rows -> rows >= ROWS);
        OrdersWorkload workload = new OrdersWorkload(postgres, SampleDatabase.DATABASE, ROWS);
        Thread.sleep(3000);
        postgres.close();
        Thread.sleep(3000);
        postgres = server(port, data);
        Thread.sleep(10_000);
        workload.close();
        EmbeddedPostgresServer restarted = postgres;
        await("Iceberg to equal PostgreSQL after its restart", TIMEOUT, () -> {
          try (Connection connection = restarted.connect(SampleDatabase.DATABASE)) {
            List<String> differences = SourceTargetDiff.of(connection, "public.orders", "id", preview, ODS_ORDERS);
            return differences.size() > 5 ? differences.subList(0, 5) : differences;
          }
        }, List::isEmpty);
      }
    } finally {
      postgres.close();
    }
  }

  /** Trust authentication: the pipeline's password is accepted as any. */
  private static EmbeddedPostgresServer server(int port, Path data) throws Exception {
    return EmbeddedPostgresServer.builder().port(port).dataDirectory(data).start();
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }
}
