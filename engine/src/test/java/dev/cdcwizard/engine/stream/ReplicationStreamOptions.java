package dev.cdcwizard.engine.stream;

import dev.cdcwizard.engine.postgres.Identifiers;
import dev.cdcwizard.engine.postgres.slot.SlotNames;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.postgresql.replication.LogSequenceNumber;

/**
 * What {@code START_REPLICATION} asks for.
 *
 * @param startPosition PostgreSQL sends every transaction whose commit record starts at or after it;
 *     a position before the slot's confirmed_flush_lsn is moved up to it, and {@link
 *     LogSequenceNumber#INVALID_LSN} means the slot's confirmed_flush_lsn
 * @param logicalMessages whether to receive {@code pg_logical_emit_message} messages: PostgreSQL 14
 *     and later; older servers reject the option
 * @param statusInterval how often pgJDBC reports the received and acknowledged positions while the
 *     stream is read; must stay well under the server's wal_sender_timeout (60 s by default)
 */
public record ReplicationStreamOptions(String slotName, List<String> publications,
    LogSequenceNumber startPosition, boolean logicalMessages, Duration statusInterval) {

  public static final Duration DEFAULT_STATUS_INTERVAL = Duration.ofSeconds(10);

  public ReplicationStreamOptions {
    // pgJDBC writes the slot name into START_REPLICATION unquoted
    if (!SlotNames.isValid(slotName)) {
      throw new IllegalArgumentException("Not a replication slot name: " + slotName);
    }
    publications = List.copyOf(publications);
    if (publications.isEmpty()) {
      throw new IllegalArgumentException("A pgoutput stream needs at least one publication");
    }
    Objects.requireNonNull(startPosition, "startPosition");
    if (statusInterval.isNegative() || statusInterval.isZero()) {
      throw new IllegalArgumentException("statusInterval must be positive: " + statusInterval);
    }
  }

  public static ReplicationStreamOptions of(String slotName, String publication,
      LogSequenceNumber startPosition) {
    return new ReplicationStreamOptions(slotName, List.of(publication), startPosition, false,
        DEFAULT_STATUS_INTERVAL);
  }

  public ReplicationStreamOptions withLogicalMessages(boolean receive) {
    return new ReplicationStreamOptions(slotName, publications, startPosition, receive, statusInterval);
  }

  public ReplicationStreamOptions withStatusInterval(Duration interval) {
    return new ReplicationStreamOptions(slotName, publications, startPosition, logicalMessages, interval);
  }

  /**
   * The publication_names value as pgJDBC puts it between single quotes, unescaped: pgoutput splits
   * it like a list of SQL identifiers (folding unquoted names to lower case), hence each name
   * double-quoted, and single quotes doubled for the replication command's string literal.
   */
  String publicationNamesOption() {
    return publications.stream().map(Identifiers::quote).collect(Collectors.joining(","))
        .replace("'", "''");
  }
}
