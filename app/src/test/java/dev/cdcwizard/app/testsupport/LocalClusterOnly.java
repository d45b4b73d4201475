package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.engine.launch.ClusterJob;
import dev.cdcwizard.engine.launch.LaunchRequest;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A launcher whose local cluster runs, with no job, until it is stopped; it starts nothing. For what the
 * wizard says about the local cluster when it closes.
 */
public final class LocalClusterOnly implements PipelineLauncher {
  public static final URI WEB_UI = URI.create("http://localhost:8081");

  private volatile boolean running = true;

  public boolean running() {
    return running;
  }

  @Override
  public Optional<URI> runningLocalCluster() {
    return running ? Optional.of(WEB_UI) : Optional.empty();
  }

  @Override
  public void stopLocalCluster() {
    running = false;
  }

  @Override
  public Optional<List<ClusterJob>> jobs(LaunchTarget target, URI restUrl) {
    return target == LaunchTarget.LOCAL_CLUSTER && running ? Optional.of(List.of()) : Optional.empty();
  }

  @Override
  public PipelineRun start(LaunchRequest request, Consumer<UserMessage> phases) {
    throw new UnsupportedOperationException("starts nothing");
  }

  @Override
  public PipelineRun follow(PipelineImport pipeline, LaunchTarget target, URI restUrl, String jobId) {
    throw new UnsupportedOperationException("has no job");
  }

  @Override
  public String stopJob(LaunchTarget target, URI restUrl, String jobId) {
    throw new UnsupportedOperationException("has no job");
  }

  @Override
  public Optional<String> cancelJob(LaunchTarget target, URI restUrl, String jobId) {
    throw new UnsupportedOperationException("has no job");
  }
}
