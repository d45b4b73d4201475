package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.job.JobArguments;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.postgres.PostgresConnector;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.snapshot.ClusterJobSource;
import dev.cdcwizard.engine.snapshot.SnapshotPlan;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The entry class of the job jar, run by a session cluster's JobManager when the jar is submitted
 * over REST ({@code POST /jars/{id}/run}). The client has prepared the pipeline already (checked the
 * source tables, created the target tables); this main prepares it again, on the JobManager, because
 * the job graph needs the resolved table shapes and re-reading them is simpler and safer than
 * shipping them: the tables exist by now, so it only reads. It plans the engine's own snapshot, which
 * the job's tasks copy before streaming ({@link ClusterJobSource}). The JobManager therefore has to
 * reach PostgreSQL and the target, as the TaskManagers do anyway. Logs no option values: the YAML
 * holds the password.
 */
public final class PipelineJobMain {
  private static final Logger LOG = LoggerFactory.getLogger(PipelineJobMain.class);
  private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(30);

  private PipelineJobMain() {}

  public static void main(String[] args) throws Exception {
    JobArguments arguments = JobArguments.parse(args);
    PipelineDefinition definition = new PipelineYamlImporter().importYaml(arguments.pipelineYaml()).definition();
    PipelineJobFactory factory = new PipelineJobFactory();
    PreparedPipeline prepared = factory.prepare(definition);
    SnapshotPlan.Planned planned;
    try (Connection connection = new PostgresConnector(CONNECT_TIMEOUT).open(definition.source().endpoint())) {
      planned = SnapshotPlan.plan(connection, prepared);
    }
    if (!planned.planned()) {
      planned.flinkCdcReasons().forEach(reason -> LOG.info("Flink CDC takes the snapshot: {}", reason.english()));
    }
    ClusterJobSource source = ClusterJobSource.of(arguments.pipelineYaml(), prepared, planned, factory);
    Configuration configuration = factory.jobConfiguration(definition);
    arguments.checkpointDir().ifPresent(dir -> configuration.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir));
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(configuration);
    factory.build(env, prepared, source.source(), source.afterOwnSnapshot(), arguments.copied());
    env.execute(definition.pipeline().get(PipelineOptions.NAME));
  }
}
