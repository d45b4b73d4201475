package dev.cdcwizard.engine.snapshot;

/**
 * Where the engine's own snapshot on a cluster stood at a checkpoint. An exported snapshot cannot be
 * resumed, so a job restored while it was copying copies again; one restored after the commit streams.
 */
enum SnapshotProgress {
  /** Copying, or about to: a restored job starts the copy over, from a new slot into emptied tables. */
  COPYING,
  /** Everything is in the target and the slot is at its consistent point: a restored job streams. */
  COMMITTED
}
