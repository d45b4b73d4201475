package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * The entry class of the job jar, run by a session cluster's JobManager when the jar is submitted
 * over REST ({@code POST /jars/{id}/run}). The client has prepared the pipeline already (checked the
 * source tables, created the Iceberg tables); this main prepares it again, on the JobManager, because
 * the job graph needs the resolved table shapes and re-reading them is simpler and safer than
 * shipping them: the tables exist by now, so it only reads. The JobManager therefore has to reach
 * PostgreSQL and the Iceberg catalog, as the TaskManagers do anyway. Logs no option values: the YAML
 * holds the password.
 */
public final class PipelineJobMain {
  private PipelineJobMain() {}

  public static void main(String[] args) throws Exception {
    JobArguments arguments = JobArguments.parse(args);
    PipelineDefinition definition = new PipelineYamlImporter().importYaml(arguments.pipelineYaml()).definition();
    PipelineJobFactory factory = new PipelineJobFactory();
    PreparedPipeline prepared = factory.prepare(definition);
    Configuration configuration = factory.jobConfiguration(definition);
    arguments.checkpointDir().ifPresent(dir -> configuration.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, dir));
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(configuration);
    factory.build(env, prepared);
    env.execute(definition.pipeline().get(PipelineOptions.NAME));
  }
}
