package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.PipelineOptions;
import dev.cdcwizard.engine.job.JobArguments;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.flinkrest.FlinkRestMessage;
import dev.cdcwizard.engine.flinkrest.JarRunRequest;
import dev.cdcwizard.engine.flinkrest.RestErrors;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a pipeline's job on a Flink 1.20 session cluster over REST: runs {@link PipelineJobMain} of the
 * job jar the cluster keeps ({@link UploadedJobJar}, uploaded by the first submission) with the pipeline
 * YAML as its argument. {@link ClusterPipelineRun#submit} checks and prepares the pipeline before it.
 */
public final class JobJarRunner {
  private static final Logger LOG = LoggerFactory.getLogger(JobJarRunner.class);

  private final FlinkRestClient client;
  private final Path jobJar;

  public JobJarRunner(FlinkRestClient client, Path jobJar) {
    this.client = client;
    this.jobJar = jobJar;
  }

  /**
   * Starts the pipeline without preparing it here first; the job main prepares it on the JobManager,
   * and any failure there comes back as the answer to the run request.
   *
   * @param copied what a copy before the resume saw of its tables ({@link ResumeCopy}), empty for none
   */
  public SubmittedPipeline run(String pipelineYaml, PipelineDefinition definition, LaunchOptions options, List<String> copied)
      throws FlinkRestException {
    String jarId = UploadedJobJar.of(client, jobJar).id();
    FlinkJobs jobs = new FlinkJobs(client);
    try {
      JarRunRequest request = new JarRunRequest(PipelineJobMain.class.getName(),
          new JobArguments(pipelineYaml, Optional.ofNullable(options.checkpointDir()), copied).toArgs(),
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
    }
  }
}
