package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.engine.yaml.PipelineImport;
import java.net.URI;

/**
 * What the launch step asks its {@link PipelineLauncher} to start.
 *
 * @param restUrl the cluster's REST address for {@link LaunchTarget#REMOTE_CLUSTER}, else null
 * @param fresh start over: forget the retained checkpoints and empty the target tables first
 * @param resumeFrom on a cluster, the savepoint or retained checkpoint to resume from; null for a new snapshot
 */
public record LaunchRequest(PipelineImport pipeline, LaunchTarget target, URI restUrl, boolean fresh,
    String resumeFrom) {}
