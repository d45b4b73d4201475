package dev.cdcwizard.engine.snapshot;

/** The result of a snapshot that was stopped before it was in the target. */
public final class SnapshotCancelledException extends Exception {
  private static final long serialVersionUID = 1L;

  SnapshotCancelledException() {
    super("The snapshot was cancelled");
  }
}
