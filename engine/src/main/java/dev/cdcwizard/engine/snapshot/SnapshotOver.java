package dev.cdcwizard.engine.snapshot;

import org.apache.flink.api.connector.source.SourceEvent;

/** The stream's answer to a snapshot reader that asks for a split after the snapshot was committed: end. */
record SnapshotOver() implements SourceEvent {
  private static final long serialVersionUID = 1L;
}
