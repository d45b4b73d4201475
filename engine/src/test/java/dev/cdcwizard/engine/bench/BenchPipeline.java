package dev.cdcwizard.engine.bench;

import dev.cdcwizard.engine.embedded.EmbeddedPostgresServer;
import dev.cdcwizard.engine.embedded.SampleDatabase;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.lang.management.ManagementFactory;

/**
 * The streaming benchmarks' pipeline: the tutorial's YAML into Iceberg, or into a second PostgreSQL server with the
 * tutorial's route kept, and the target they watch its orders arrive in.
 */
record BenchPipeline(PipelineDefinition definition, StreamingTarget target) {

  static BenchPipeline of(String tutorialYaml, boolean intoPostgres) throws Exception {
    if (intoPostgres) {
      PostgresStreamingTarget target = PostgresStreamingTarget.start();
      return new BenchPipeline(new PipelineYamlReader().read(target.pipelineYaml(tutorialYaml)), target);
    }
    PipelineDefinition definition = new PipelineYamlReader().read(tutorialYaml);
    return new BenchPipeline(definition,
        new IcebergStreamingTarget(IcebergCatalogs.loader(definition).loadCatalog()));
  }

  String targetName() {
    return target instanceof PostgresStreamingTarget ? "PostgreSQL" : "Iceberg";
  }

  /**
   * Waits for the copy's {@code rows} orders, then until the pipeline streams. The copy's rows are in before the
   * streaming job runs: a load started then would first wait for the job, and the run would measure the handover, not
   * streaming. One row inserted and seen in the target says it streams.
   */
  void awaitStreaming(EmbeddedPostgresServer postgres, long rows) throws Exception {
    while (target.rows() < rows) {
      Thread.sleep(200);
    }
    long copied = System.currentTimeMillis();
    insertOrder(postgres, StreamingTarget.PROBE_BASE - 1, "ready");
    while (target.rows() <= rows) {
      Thread.sleep(50);
    }
    System.out.printf("streaming %,d ms after the copy's rows were in%n", System.currentTimeMillis() - copied);
  }

  /** An order of its own transaction: a probe (an id above {@link StreamingTarget#PROBE_BASE}) or another marker. */
  static void insertOrder(EmbeddedPostgresServer postgres, long id, String customer) throws Exception {
    postgres.execute(SampleDatabase.DATABASE,
        "INSERT INTO public.orders VALUES (" + id + ", '" + customer + "', 1.00, 'NEW')");
  }

  /** The CPU time this JVM has used, in seconds. */
  static double processCpuSeconds() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime() / 1e9;
  }
}
