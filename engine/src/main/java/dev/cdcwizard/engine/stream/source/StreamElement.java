package dev.cdcwizard.engine.stream.source;

import dev.cdcwizard.engine.job.ChangeRecord;

/** What the change stream yields: a row change, or a position from which it can resume. */
public sealed interface StreamElement {
  /** A change of a captured table. */
  record Change(ChangeRecord record) implements StreamElement {}

  /**
   * Every change of transactions that commit before {@code lsn} has been yielded: the end of a
   * transaction, or the server's WAL position while nothing of the pipeline's is happening.
   */
  record Position(long lsn) implements StreamElement {}
}
