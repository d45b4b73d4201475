package dev.cdcwizard.engine.postgres.slot;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One row of {@code pg_replication_slots}, with the WAL it holds back: {@code walRetainedBytes} from
 * restart_lsn to the current LSN (what the server cannot recycle), {@code flushLagBytes} from
 * confirmed_flush_lsn (what the consumer has not acknowledged). {@code walStatus} and
 * {@code safeWalSizeBytes} exist from PostgreSQL 13 on.
 */
public record SlotStatus(
    String name,
    String plugin,
    String slotType,
    String database,
    boolean temporary,
    boolean active,
    OptionalInt activePid,
    Optional<String> restartLsn,
    Optional<String> confirmedFlushLsn,
    OptionalLong walRetainedBytes,
    OptionalLong flushLagBytes,
    Optional<String> walStatus,
    OptionalLong safeWalSizeBytes) {

  public boolean isLogical() {
    return "logical".equals(slotType);
  }
}
