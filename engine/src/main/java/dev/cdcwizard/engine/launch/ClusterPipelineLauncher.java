package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.job.JobArguments;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.job.PipelineJobMain;
import dev.cdcwizard.engine.launch.rest.FlinkJobs;
import dev.cdcwizard.engine.launch.rest.FlinkRestClient;
import dev.cdcwizard.engine.launch.rest.FlinkRestException;
import dev.cdcwizard.engine.launch.rest.FlinkRestMessage;
import dev.cdcwizard.engine.launch.rest.JarRunRequest;
import dev.cdcwizard.engine.launch.rest.RestErrors;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Submits a pipeline to a Flink 1.20 session cluster over REST, the one path of the local and the
 * remote target: check the cluster's version, prepare the pipeline here (source tables, Iceberg
 * tables: mistakes surface before anything is uploaded), upload the job jar, run
 * {@link PipelineJobMain} with the pipeline YAML as its argument, delete the uploaded jar (the running
 * job keeps its own copy in the cluster's blob store).
 */
public final class ClusterPipelineLauncher {
  private static final Logger LOG = LoggerFactory.getLogger(ClusterPipelineLauncher.class);

  private final FlinkRestClient client;
  private final Path jobJar;

  public ClusterPipelineLauncher(FlinkRestClient client, Path jobJar) {
    this.client = client;
    this.jobJar = jobJar;
  }

  /** Prepares the pipeline of {@code pipelineYaml} and starts it on the cluster, into empty targets. */
  public SubmittedPipeline submit(String pipelineYaml, LaunchOptions options) throws Exception {
    return submit(pipelineYaml, options, false);
  }

  /**
   * Prepares the pipeline of {@code pipelineYaml} and starts it on the cluster.
   *
   * @param fresh without a savepoint, empty the target tables first; else targets that hold rows refuse
   *     the start ({@link NewJobTargets})
   */
  public SubmittedPipeline submit(String pipelineYaml, LaunchOptions options, boolean fresh) throws Exception {
    client.requireSupportedVersion();
    PipelineDefinition definition = new PipelineYamlImporter().importYaml(pipelineYaml).definition();
    NewJobTargets.prepare(new PipelineJobFactory().prepare(definition), options, fresh);
    return run(pipelineYaml, definition, options);
  }

  /**
   * Starts the pipeline without preparing it here first; the job main prepares it on the JobManager,
   * and any failure there comes back as the answer to the run request.
   */
  public SubmittedPipeline run(String pipelineYaml, PipelineDefinition definition, LaunchOptions options)
      throws FlinkRestException {
    String jarId = client.uploadJar(jobJar);
    FlinkJobs jobs = new FlinkJobs(client);
    try {
      JarRunRequest request = new JarRunRequest(PipelineJobMain.class.getName(),
          new JobArguments(pipelineYaml, Optional.ofNullable(options.checkpointDir())).toArgs(),
          definition.pipeline().get(PipelineOptions.PARALLELISM), options.savepointPath(),
          options.savepointPath() == null ? null : Boolean.FALSE);
      String jobId = jobs.run(jarId, request);
      LOG.info("Pipeline '{}' runs as job {} on {}", definition.pipeline().get(PipelineOptions.NAME),
          jobId, client.restUrl());
      return new SubmittedPipeline(jobId, client.restUrl(), client.webUi(jobId));
    } catch (FlinkRestException e) {
      Object cause = e.details().isBlank() ? e.problem() : RestErrors.summary(e.details());
      throw new FlinkRestException(UserMessage.of(FlinkRestMessage.NOT_STARTED, client.restUrl(), cause),
          e.details(), e);
    } finally {
      deleteQuietly(jobs, jarId);
    }
  }

  private static void deleteQuietly(FlinkJobs jobs, String jarId) {
    try {
      jobs.deleteJar(jarId);
    } catch (FlinkRestException e) {
      LOG.debug("Could not delete the uploaded job jar {}", jarId, e);
    }
  }
}
