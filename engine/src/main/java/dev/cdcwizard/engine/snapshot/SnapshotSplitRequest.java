package dev.cdcwizard.engine.snapshot;

import org.apache.flink.api.connector.source.SourceEvent;

/**
 * A snapshot reader's ask for its next split. An event rather than Flink's split request: a hybrid source
 * hands split requests to whichever enumerator is current, and after a restart that may be the stream's
 * ({@link StreamAfterSnapshotSource}).
 */
record SnapshotSplitRequest() implements SourceEvent {
  private static final long serialVersionUID = 1L;
}
