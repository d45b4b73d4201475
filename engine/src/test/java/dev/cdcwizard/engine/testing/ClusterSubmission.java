package dev.cdcwizard.engine.testing;

import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.LaunchRequest;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.launch.SubmittedPipeline;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * Submits a pipeline YAML to a running session cluster as {@code submit --target remote} does, through
 * the one {@link PipelineLauncher}, and leaves the job running.
 */
public final class ClusterSubmission {
  private final FlinkRestClient client;

  public ClusterSubmission(FlinkRestClient client) {
    this.client = client;
  }

  /** Into empty targets, or resuming from {@code options}' savepoint. */
  public SubmittedPipeline submit(String yaml, LaunchOptions options) throws Exception {
    return submit(yaml, options, false);
  }

  /** @param fresh without a savepoint, empty the target tables first */
  public SubmittedPipeline submit(String yaml, LaunchOptions options, boolean fresh) throws Exception {
    try (PipelineRun run = start(yaml, options, fresh)) {
      return submitted(run);
    }
  }

  /** As {@link #submit}, the run kept open for what it says of itself. */
  public PipelineRun start(String yaml, LaunchOptions options, boolean fresh) throws Exception {
    LaunchRequest request = new LaunchRequest(new PipelineYamlImporter().importYaml(yaml), LaunchTarget.REMOTE_CLUSTER,
        client.restUrl(), fresh, options.savepointPath(), options.checkpointDir());
    return PipelineLauncher.standard().start(request);
  }

  public static SubmittedPipeline submitted(PipelineRun run) throws Exception {
    return new SubmittedPipeline(run.jobId().toHexString(), run.restUrl().orElseThrow(), run.webUi());
  }

  /** Cancels every job that has not ended: a test that failed left its job running on the slot the next one takes. */
  public void cancelRunningJobs() throws Exception {
    FlinkJobs jobs = new FlinkJobs(client);
    for (FlinkJobs.JobSummary job : jobs.list()) {
      if (!FlinkJobs.terminal(job.state())) {
        jobs.cancel(job.id());
      }
    }
  }

  /** A job's newest checkpoint that completed, in its folder of retained checkpoints: the one whose metadata was written. */
  public static Path lastCheckpoint(Path jobCheckpoints) throws Exception {
    try (var checkpoints = Files.list(jobCheckpoints)) {
      return checkpoints.filter(dir -> dir.getFileName().toString().startsWith("chk-"))
          .filter(dir -> Files.exists(dir.resolve("_metadata")))
          .max(Comparator.comparingLong(dir -> Long.parseLong(dir.getFileName().toString().substring(4))))
          .orElseThrow();
    }
  }
}

