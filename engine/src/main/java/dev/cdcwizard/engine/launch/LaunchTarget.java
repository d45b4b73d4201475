package dev.cdcwizard.engine.launch;

/** Where a pipeline runs: the command line's {@code submit --target} and the wizard's launch step. */
public enum LaunchTarget {
  /** Flink inside this process (the wizard's or {@code run}'s): the pipeline stops with it. */
  EMBEDDED,
  /** The local Flink session cluster in the user's data folder, started if it is not running. */
  LOCAL_CLUSTER,
  /** A Flink 1.20 session cluster at a REST address the user gives. */
  REMOTE_CLUSTER
}
