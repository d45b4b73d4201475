package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.config.PostgresSinkOptions;
import dev.cdcwizard.engine.job.ChangeRecord;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.PreparedPipeline;
import dev.cdcwizard.engine.job.RowCounter;
import dev.cdcwizard.engine.job.TableRowRouter;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.sink.postgres.PostgresSinkConfig;
import org.apache.flink.api.common.typeinfo.BasicTypeInfo;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;

/**
 * The job of the engine's own snapshot: its splits, shared out among the readers, copied in the
 * exported snapshot and appended, in the readers' threads, to the pipeline's empty Iceberg tables (or
 * copied into its empty PostgreSQL tables, {@link PostgresTargetCopier}). It
 * takes no checkpoints: the exported snapshot dies with its session, so a snapshot that stops half-way
 * is redone, never resumed; the Iceberg commit comes at the end of the input.
 */
public final class SnapshotJob {
  private SnapshotJob() {}

  public static JobGraph jobGraph(PreparedPipeline prepared, SnapshotPlan plan, String snapshotName) {
    PipelineDefinition definition = prepared.definition();
    int parallelism = definition.pipeline().get(PipelineOptions.PARALLELISM);
    Configuration configuration = new Configuration();
    configuration.setString("parallelism.default", Integer.toString(parallelism));
    configuration.setString("pipeline.name", definition.pipeline().get(PipelineOptions.NAME) + " (snapshot)");
    configuration.setString("pipeline.object-reuse", "true");
    configuration.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
    StreamExecutionEnvironment env = new StreamExecutionEnvironment(configuration);
    if (definition.sink().isPostgres()) {
      copyIntoPostgres(env, definition, plan, snapshotName, parallelism);
    } else {
      writeIceberg(env, prepared, plan, snapshotName, parallelism);
    }
    return env.getStreamGraph().getJobGraph();
  }

  /** The rows go from one server's COPY to the other's as text, in the readers' tasks. */
  private static void copyIntoPostgres(StreamExecutionEnvironment env, PipelineDefinition definition,
      SnapshotPlan plan, String snapshotName, int parallelism) {
    env.fromData(TypeInformation.of(CopySplit.class), plan.splits().toArray(CopySplit[]::new))
        .name("Snapshot splits")
        .rebalance()
        .flatMap(new PostgresTargetCopier(PipelineJobFactory.endpoint(definition.source()),
            PostgresSinkConfig.target(definition.sink()), snapshotName, plan.tables()))
        .returns(BasicTypeInfo.VOID_TYPE_INFO)
        .name("COPY " + definition.source().database() + " -> " + definition.sink().get(PostgresSinkOptions.DATABASE))
        .setParallelism(parallelism)
        .sinkTo(new DiscardingSink<>())
        .name("Copied")
        .setParallelism(parallelism);
  }

  private static void writeIceberg(StreamExecutionEnvironment env, PreparedPipeline prepared, SnapshotPlan plan,
      String snapshotName, int parallelism) {
    PipelineDefinition definition = prepared.definition();
    DataStream<ChangeRecord> rows = env
        .fromData(TypeInformation.of(CopySplit.class), plan.splits().toArray(CopySplit[]::new))
        .name("Snapshot splits")
        .rebalance()
        .flatMap(new CopyReader(PipelineJobFactory.endpoint(definition.source()), snapshotName, plan.tables()))
        .returns(TypeInformation.of(ChangeRecord.class))
        .name("COPY " + definition.source().database())
        .setParallelism(parallelism)
        .process(new RowCounter())
        .name("Count rows")
        .setParallelism(parallelism);
    rows.transform("Write Iceberg files", PrimitiveArrayTypeInfo.BYTE_PRIMITIVE_ARRAY_TYPE_INFO,
            new SnapshotFileWriter(new TableRowRouter(prepared), prepared.catalogLoader()))
        .setParallelism(parallelism)
        .transform("Commit the snapshot", BasicTypeInfo.VOID_TYPE_INFO,
            new SnapshotCommitter(prepared.catalogLoader(), snapshotName))
        .setParallelism(1)
        .setMaxParallelism(1);
  }
}
