package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.preview.IcebergTablePreview;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.testing.HeapPeak;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.hadoop.HadoopCatalog;

/**
 * Not a test: times {@code verify} of the tutorial's orders (default 1,000,000 rows) against the Iceberg
 * table the engine's snapshot made of them, with the pipeline stopped, next to a plain row count of both
 * sides ({@code SELECT count(*)}, and a scan of the Iceberg table with its deletes applied), three times
 * each in one run. Tells the heap's peak during each verify. Run with bench/verify-iceberg.sh [rows];
 * results in docs/benchmarks/verify.md.
 */
public final class IcebergVerifyBenchmark {
  private static final int RUNS = 3;
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");

  private IcebergVerifyBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    Path folder = Files.createTempDirectory("verify-iceberg-bench");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders",
          TutorialFixture.insertOrders(rows), "VACUUM ANALYZE public.orders");
      Path warehouse = folder.resolve("warehouse");
      PipelineDefinition definition = new PipelineYamlReader().read(TutorialFixture.pipelineYaml(postgres, warehouse, 2));
      IcebergTablePreview preview = copy(definition, folder.resolve("checkpoints"), warehouse, rows);
      long[][] millis = new long[2][RUNS];
      long[] peakHeap = new long[RUNS];
      for (int run = 0; run < RUNS; run++) {
        millis[0][run] = timed(() -> {
          long source = Long.parseLong(TutorialFixture.queryValue(postgres, SampleDatabase.DATABASE,
              "SELECT count(*) FROM public.orders"));
          if (source != preview.rowCount(ORDERS)) {
            throw new IllegalStateException("the counts differ");
          }
        });
        HeapPeak.reset();
        millis[1][run] = timed(() -> verify(definition, rows));
        peakHeap[run] = HeapPeak.megabytes();
        System.out.printf("run %d: count(*) of both sides %d ms, verify %d ms, heap peak %d MB%n", run + 1,
            millis[0][run], millis[1][run], peakHeap[run]);
      }
      String[] names = {"count of both sides", "verify"};
      for (int i = 0; i < names.length; i++) {
        Arrays.sort(millis[i]);
        System.out.printf("%s, %,d rows: min %d ms, median %d ms, max %d ms%n", names[i], rows, millis[i][0],
            millis[i][RUNS / 2], millis[i][RUNS - 1]);
      }
      Arrays.sort(peakHeap);
      System.out.printf("verify's heap peak: min %d MB, max %d MB (-Xmx %d MB)%n", peakHeap[0],
          peakHeap[RUNS - 1], Runtime.getRuntime().maxMemory() >> 20);
    }
  }

  /** The engine's own snapshot into Iceberg, then the run stopped: verify compares the lake as it stands. */
  private static IcebergTablePreview copy(PipelineDefinition definition, Path checkpoints, Path warehouse, long rows)
      throws Exception {
    long started = System.nanoTime();
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition, checkpoints, true)) {
      IcebergTablePreview preview = new IcebergTablePreview(IcebergCatalogs.loader(run.prepared()).loadCatalog());
      long deadline = System.nanoTime() + Duration.ofMinutes(30).toNanos();
      while (!preview.exists(ORDERS) || preview.rowCount(ORDERS) < rows) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException("the snapshot did not land");
        }
        Thread.sleep(1000);
      }
    }
    System.out.printf("snapshot of %,d rows into Iceberg: %d ms%n", rows, (System.nanoTime() - started) / 1_000_000);
    return new IcebergTablePreview(new HadoopCatalog(new Configuration(), warehouse.toUri().toString()));
  }

  private static void verify(PipelineDefinition definition, long rows) throws Exception {
    List<TableVerification> results = new PipelineVerifier(definition, Duration.ofMinutes(5))
        .verify(null, VerifyProgress.whenDone(result -> { }));
    TableVerification orders = results.get(0);
    if (orders.outcome() != TableVerification.Outcome.EQUAL || orders.rowsCompared() != rows) {
      throw new IllegalStateException("verify did not find the lake equal: " + orders);
    }
  }

  private static long timed(Work work) throws Exception {
    long started = System.nanoTime();
    work.run();
    return (System.nanoTime() - started) / 1_000_000;
  }

  @FunctionalInterface
  private interface Work {
    void run() throws Exception;
  }
}
