package dev.cdcwizard.engine.stream;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.postgresql.replication.LogSequenceNumber;

/**
 * One message of the pgoutput plugin, protocol version 1 (PostgreSQL 10 and later), as the
 * "Logical Replication Message Formats" chapter of PostgreSQL's documentation lays it out. OIDs and
 * transaction ids are unsigned 32-bit on the server, hence {@code long} here.
 */
public sealed interface PgOutputMessage {

  /**
   * Opens a transaction; every change up to the matching {@link Commit} belongs to it. PostgreSQL
   * sends a transaction only once it has committed, whole, in commit order.
   *
   * @param finalLsn the LSN of the transaction's commit record (the Commit's commitLsn)
   */
  record Begin(LogSequenceNumber finalLsn, Instant commitTime, long xid) implements PgOutputMessage {}

  /**
   * Ends a transaction. {@code endLsn} is the position to acknowledge once the transaction is
   * durable downstream: a stream started there does not send this transaction again.
   */
  record Commit(int flags, LogSequenceNumber commitLsn, LogSequenceNumber endLsn, Instant commitTime)
      implements PgOutputMessage {}

  /** The transaction came from another server through replication origin {@code name}. */
  record Origin(LogSequenceNumber originCommitLsn, String name) implements PgOutputMessage {}

  /**
   * The shape of a table, sent before its first change on this connection and again after the table
   * changed (ALTER TABLE): the columns of the tuples that follow.
   */
  record Relation(long relationOid, String namespace, String name, ReplicaIdentity replicaIdentity,
      List<Column> columns) implements PgOutputMessage {

    public Relation {
      columns = List.copyOf(columns);
    }

    /** A published column; {@code flags} bit 1 marks it as part of the replica identity (the key). */
    public record Column(int flags, String name, long typeOid, int typeModifier) {
      public boolean isKey() {
        return (flags & 1) != 0;
      }
    }
  }

  /**
   * A type that is not built in (an enum, a domain, a composite), sent before the Relation that uses
   * it. For a domain, {@code namespace} and {@code name} are those of its base type.
   */
  record Type(long typeOid, String namespace, String name) implements PgOutputMessage {}

  record Insert(long relationOid, TupleData newTuple) implements PgOutputMessage {
    public Insert {
      Objects.requireNonNull(newTuple, "newTuple");
    }
  }

  /**
   * An updated row. {@code oldTuple} is null when PostgreSQL sent none: under REPLICA IDENTITY
   * DEFAULT or INDEX when no key column changed.
   */
  record Update(long relationOid, OldTuple oldTuple, TupleData newTuple) implements PgOutputMessage {
    public Update {
      Objects.requireNonNull(newTuple, "newTuple");
    }
  }

  record Delete(long relationOid, OldTuple oldTuple) implements PgOutputMessage {
    public Delete {
      Objects.requireNonNull(oldTuple, "oldTuple");
    }
  }

  /** One TRUNCATE statement, for every published table it emptied (PostgreSQL 11 and later). */
  record Truncate(boolean cascade, boolean restartIdentity, List<Long> relationOids)
      implements PgOutputMessage {
    public Truncate {
      relationOids = List.copyOf(relationOids);
    }
  }

  /**
   * A message written with {@code pg_logical_emit_message} (sent only when the stream asked for
   * messages, PostgreSQL 14 and later). A transactional one comes inside its transaction, in commit
   * order; a non-transactional one comes at once, outside any Begin/Commit.
   */
  record LogicalMessage(boolean transactional, LogSequenceNumber lsn, String prefix, byte[] content)
      implements PgOutputMessage {

    @Override
    public byte[] content() {
      return content.clone();
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof LogicalMessage that && transactional == that.transactional
          && lsn.equals(that.lsn) && prefix.equals(that.prefix)
          && Arrays.equals(content, that.content);
    }

    @Override
    public int hashCode() {
      return Objects.hash(transactional, lsn, prefix) * 31 + Arrays.hashCode(content);
    }

    @Override
    public String toString() {
      return "LogicalMessage[transactional=" + transactional + ", lsn=" + lsn + ", prefix=" + prefix
          + ", content=" + content.length + " bytes]";
    }
  }
}
