package dev.cdcwizard.app.wizard;

import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import java.net.URI;
import java.util.Optional;

/** What closing the wizard asks the user; the dialogs in the app, answers of their own in tests. Called on the FX thread. */
public interface LeavePrompts {
  /** What to do with a pipeline that is still running. */
  enum RunChoice {
    /** Leave the job running on its cluster: only for a cluster target. */
    KEEP_RUNNING,
    /** Stop it so that the next start resumes it: a savepoint on a cluster. */
    STOP,
    /** Cancel a cluster's job; a new start resumes from its latest checkpoint. */
    CANCEL,
    /** Do not close the wizard. */
    STAY
  }

  /** What to do with the slot the stopped pipeline leaves. */
  enum SlotChoice { KEEP, DROP, STAY }

  /** What to do with the local Flink cluster, which outlives the wizard. */
  enum ClusterChoice { KEEP_RUNNING, STOP, STAY }

  /** @param onCluster whether the job runs on a session cluster, which outlives the wizard */
  RunChoice askAboutRun(boolean onCluster);

  /** @param resumePoint the savepoint or checkpoint a new start on the cluster resumes from, if any */
  SlotChoice askAboutSlot(SlotGroupStatus slot, Optional<String> resumePoint);

  /** @param webUi the running local cluster's Web UI */
  ClusterChoice askAboutLocalCluster(URI webUi);
}
