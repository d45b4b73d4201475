package dev.cdcwizard.engine.postgres.preflight;

import java.util.List;
import java.util.OptionalLong;

/**
 * What decides how safely a slot lives on the server: how much WAL a slot may hold back, how soon a
 * silent replication connection is dropped, and the transactions that creating a slot must wait for.
 *
 * @param maxSlotWalKeepSizeMb {@code max_slot_wal_keep_size} in MB, -1 for unlimited; empty before
 *     PostgreSQL 13, which has no such limit
 * @param walSenderTimeoutMs {@code wal_sender_timeout}, 0 for none
 * @param preparedTransactions the gids of the prepared transactions of the server
 * @param longTransactions the pids of the sessions whose write transaction has been open for longer than
 *     {@link #LONG_TRANSACTION_MINUTES} minutes, as far as the role can see other sessions
 */
public record SlotSafetyFacts(OptionalLong maxSlotWalKeepSizeMb, long walSenderTimeoutMs,
    List<String> preparedTransactions, List<Integer> longTransactions) {
  public static final int LONG_TRANSACTION_MINUTES = 5;

  /** PostgreSQL's defaults, with nothing open. */
  public static final SlotSafetyFacts DEFAULTS = new SlotSafetyFacts(OptionalLong.of(-1), 60_000, List.of(), List.of());

  public SlotSafetyFacts {
    preparedTransactions = List.copyOf(preparedTransactions);
    longTransactions = List.copyOf(longTransactions);
  }
}
