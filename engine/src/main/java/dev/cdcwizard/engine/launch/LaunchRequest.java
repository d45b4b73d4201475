package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.yaml.PipelineImport;
import java.net.URI;

/**
 * What {@code run}, {@code submit}, {@code resume} and the wizard's launch step ask the
 * {@link PipelineLauncher} to start.
 *
 * @param restUrl the cluster's REST address for {@link LaunchTarget#REMOTE_CLUSTER}, else null
 * @param fresh start over: forget the retained checkpoints and empty the target tables first
 * @param resumeFrom the savepoint or retained checkpoint to resume from; null for a new snapshot (on a
 *     cluster) or the latest retained checkpoint (embedded)
 * @param checkpointDir the job's {@code state.checkpoints.dir} on a cluster; null for the cluster's own
 */
public record LaunchRequest(PipelineImport pipeline, LaunchTarget target, URI restUrl, boolean fresh,
    String resumeFrom, String checkpointDir) {

  /** A start with the cluster's own checkpoint folder, as the wizard asks it. */
  public LaunchRequest(PipelineImport pipeline, LaunchTarget target, URI restUrl, boolean fresh, String resumeFrom) {
    this(pipeline, target, restUrl, fresh, resumeFrom, null);
  }
}
