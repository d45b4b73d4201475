package dev.cdcwizard.engine.stream;

import java.util.Objects;
import org.postgresql.replication.LogSequenceNumber;

/**
 * A decoded message and the WAL position its XLogData header carried: for a Begin the LSN of the
 * transaction's first record, for a change its record, for a Commit the end of the commit record
 * (the Commit's endLsn). A message that PostgreSQL writes ahead of another one in the same callback
 * carries {@link LogSequenceNumber#INVALID_LSN} instead: a Relation or Type before its change, and a
 * Begin followed by an Origin (the walsender leaves the position out so as not to report it twice).
 * Only Commit positions grow in stream order: the changes of a transaction that committed later can
 * lie before those of one that committed earlier.
 */
public record StreamedMessage(LogSequenceNumber lsn, PgOutputMessage message) {
  public StreamedMessage {
    Objects.requireNonNull(lsn, "lsn");
    Objects.requireNonNull(message, "message");
  }
}
