package dev.cdcwizard.engine.launch;

/**
 * How a pipeline starts on a cluster.
 *
 * @param savepointPath a savepoint or retained checkpoint to resume from, or null to start fresh
 * @param checkpointDir where the job writes its checkpoints ({@code state.checkpoints.dir}), or null
 *     for the cluster's setting; without one, checkpoints live only in the JobManager's memory and
 *     none is left to resume from after a cancel
 */
public record LaunchOptions(String savepointPath, String checkpointDir) {
  public static final LaunchOptions FRESH = new LaunchOptions(null, null);

  public LaunchOptions resumingFrom(String path) {
    return new LaunchOptions(path, checkpointDir);
  }
}
