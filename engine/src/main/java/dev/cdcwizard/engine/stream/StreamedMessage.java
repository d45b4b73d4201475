package dev.cdcwizard.engine.stream;

import java.util.Objects;
import org.postgresql.replication.LogSequenceNumber;

/**
 * A decoded message and the WAL position its XLogData header carried: for a Begin the LSN of the
 * transaction's first record, for a change or a Relation the change's record, for a Commit the end
 * of the commit record (the Commit's endLsn). Only Commit positions grow in stream order: changes of
 * a transaction that committed later can lie before those of one that committed earlier.
 */
public record StreamedMessage(LogSequenceNumber lsn, PgOutputMessage message) {
  public StreamedMessage {
    Objects.requireNonNull(lsn, "lsn");
    Objects.requireNonNull(message, "message");
  }
}
