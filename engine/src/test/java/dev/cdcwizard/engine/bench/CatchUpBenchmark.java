package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Not a test: how fast a stopped pipeline catches up with what PostgreSQL committed meanwhile, the rate of a
 * pipeline that has fallen behind, apart from the machine's sharing with the writers. The tutorial's pipeline
 * (embedded, parallelism 2) copies 100,000 orders, streams, and stops with a savepoint; then PostgreSQL commits N
 * updates of random orders (10 per transaction) between two probes; then the pipeline resumes. Reports the time from
 * the first probe to the last in the target (the catch-up, without the resume's start), changes/s over it, and the
 * JVM's CPU time per change from the resume on. Run with bench/catch-up.sh; results in docs/benchmarks/streaming.md.
 *
 * <p>Arguments: changes (default 1,000,000), target ({@code iceberg}, the default, or {@code postgres}).
 */
public final class CatchUpBenchmark {
  private static final long ROWS = 100_000;
  private static final long FIRST_PROBE = StreamingTarget.PROBE_BASE + 1;
  private static final long LAST_PROBE = StreamingTarget.PROBE_BASE + 2;

  private CatchUpBenchmark() {}

  public static void main(String[] args) throws Exception {
    long changes = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    boolean intoPostgres = args.length > 1 && args[1].equals("postgres");
    Path folder = Files.createTempDirectory("catch-up-bench");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      BenchTables.orders(postgres, ROWS);
      postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      String yaml = TutorialFixture.pipelineYaml(postgres, folder.resolve("warehouse"), 2);
      BenchPipeline bench = BenchPipeline.of(yaml, intoPostgres);
      PipelineDefinition definition = bench.definition();
      Path checkpoints = folder.resolve("checkpoints");
      try (StreamingTarget target = bench.target()) {
        try (EmbeddedPipelineRun first = EmbeddedPipelineRun.startOrResume(definition, checkpoints, true)) {
          bench.awaitStreaming(postgres, ROWS);
          first.stop();
        }
        BenchPipeline.insertOrder(postgres, FIRST_PROBE, "probe");
        BenchTables.updateRandomOrders(postgres, ROWS, changes);
        BenchPipeline.insertOrder(postgres, LAST_PROBE, "probe");
        target.watchProbes();
        double cpu = BenchPipeline.processCpuSeconds();
        long resumed = System.currentTimeMillis();
        try (EmbeddedPipelineRun pipeline = EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)) {
          Map<Long, Long> visible = target.awaitProbes(2);
          double cpuSeconds = BenchPipeline.processCpuSeconds() - cpu;
          long catchUp = visible.get(LAST_PROBE) - visible.get(FIRST_PROBE);
          System.out.printf("into %s: the first probe %,d ms after the resume, the last %,d ms after the first:"
                  + " %,.0f changes/s; JVM CPU from the resume %.1f s (%.1f µs per change)%n",
              bench.targetName(), visible.get(FIRST_PROBE) - resumed, catchUp,
              changes * 1000.0 / catchUp, cpuSeconds, cpuSeconds * 1e6 / changes);
        }
      }
    }
  }
}
