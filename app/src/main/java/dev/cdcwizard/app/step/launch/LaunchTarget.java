package dev.cdcwizard.app.step.launch;

/** Where the launch step runs the pipeline, as the command line's {@code submit --target}. */
public enum LaunchTarget {
  /** Flink inside the wizard's own process: the pipeline stops with the wizard. */
  EMBEDDED,
  /** The local Flink session cluster in the user's data folder, started if it is not running. */
  LOCAL_CLUSTER,
  /** A Flink 1.20 session cluster at a REST address the user gives. */
  REMOTE_CLUSTER
}
