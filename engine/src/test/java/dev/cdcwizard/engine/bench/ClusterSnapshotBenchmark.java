package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.JobJar;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.snapshot.SnapshotSlot;
import dev.cdcwizard.engine.testing.ClusterSubmission;
import dev.cdcwizard.engine.testing.TutorialFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.iceberg.catalog.Catalog;
import org.apache.iceberg.catalog.TableIdentifier;

/**
 * The initial snapshot of the tutorial's orders (1,000,000 rows, or {@code args[0]}) into Iceberg, in
 * turns in one run against one PostgreSQL: on a local session cluster with the engine's own snapshot
 * inside the job ({@code submit}), on the same cluster with Flink CDC's snapshot (the job the engine
 * built before, with the tutorial's settings), and embedded ({@code run}, in this JVM). Each is timed
 * from its start to every row committed. Arguments: rows rounds [methods, e.g. own-cluster,cdc-cluster,embedded].
 * Results: docs/benchmarks/cluster-snapshot.md.
 */
public final class ClusterSnapshotBenchmark {
  private static final TableIdentifier ORDERS = TableIdentifier.of("ods", "orders");
  private static final int PARALLELISM = 2;

  private ClusterSnapshotBenchmark() {}

  public static void main(String[] args) throws Exception {
    long rows = args.length > 0 ? Long.parseLong(args[0]) : 1_000_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 1;
    List<String> methods = List.of((args.length > 2 ? args[2] : "own-cluster,cdc-cluster,embedded").split(","));
    Path work = Files.createTempDirectory("cluster-snapshot-bench");
    try (EmbeddedPostgresServer postgres = SampleDatabase.start()) {
      BenchTables.orders(postgres, rows);
      postgres.execute(SampleDatabase.DATABASE, "CREATE PUBLICATION cdc_orders FOR TABLE public.orders");
      LocalFlinkCluster cluster = LocalFlinkCluster.start(new LocalClusterHome(work.resolve("cluster")));
      try {
        for (int round = 1; round <= rounds; round++) {
          for (String method : methods) {
            Path warehouse = Files.createDirectories(work.resolve(method + "-" + round));
            PipelineDefinition definition = new PipelineYamlReader()
                .read(TutorialFixture.pipelineYaml(postgres, warehouse, PARALLELISM));
            dropSlot(definition);
            double seconds = time(method, definition, postgres, warehouse, rows, cluster, work.resolve("cp-" + round));
            System.out.printf("round %d %-12s %,d rows in %.1f s: %,.0f rows/s%n", round, method, rows, seconds,
                rows / seconds);
          }
        }
      } finally {
        cluster.stop();
      }
    }
  }

  private static double time(String method, PipelineDefinition definition, EmbeddedPostgresServer postgres,
      Path warehouse, long rows, LocalFlinkCluster cluster, Path checkpoints) throws Exception {
    String yaml = TutorialFixture.pipelineYaml(postgres, warehouse, PARALLELISM);
    long start = System.nanoTime();
    switch (method) {
      case "own-cluster" -> {
        var job = new ClusterSubmission(cluster.client()).submit(yaml, LaunchOptions.FRESH);
        double seconds = awaitRows(definition, warehouse, rows, start);
        new FlinkJobs(cluster.client()).cancel(job.jobId());
        return seconds;
      }
      case "cdc-cluster" -> {
        PipelineJobFactory factory = new PipelineJobFactory();
        PreparedPipeline prepared = factory.prepare(definition);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.createRemoteEnvironment("localhost",
            cluster.restUrl().getPort(), factory.jobConfiguration(definition), JobJar.locate().toString());
        factory.build(env, prepared, false, List.of());
        JobClient job = env.executeAsync("Flink CDC snapshot");
        double seconds = awaitRows(definition, warehouse, rows, start);
        job.cancel().get();
        return seconds;
      }
      case "embedded" -> {
        try (EmbeddedPipelineRun run = EmbeddedPipelineRun.startOrResume(definition, checkpoints, false)) {
          return awaitRows(definition, warehouse, rows, start);
        }
      }
      default -> throw new IllegalArgumentException("No method " + method);
    }
  }

  private static double awaitRows(PipelineDefinition definition, Path warehouse, long rows, long start)
      throws Exception {
    Catalog catalog = IcebergCatalogs.loader(definition)
        .loadCatalog();
    CommittedRows committed = new CommittedRows(catalog, warehouse, ORDERS);
    while (committed.get() < rows) {
      Thread.sleep(100);
    }
    return (System.nanoTime() - start) / 1e9;
  }

  /** Each method starts from a new slot, as a new pipeline does. */
  private static void dropSlot(PipelineDefinition definition) throws Exception {
    SnapshotSlot.drop(definition.source().endpoint(), "cdc_orders");
  }
}
