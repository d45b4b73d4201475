package dev.cdcwizard.engine.preview;

import java.util.OptionalLong;

/**
 * A target table's row count next to its source tables' ({@code SELECT count(*)}).
 *
 * <p>The target shows what the last checkpoint committed, so the counts may differ just because
 * changes are on their way. The pipeline's slot tells which: Flink CDC confirms the slot's position
 * ({@code confirmed_flush_lsn}) when a checkpoint completes, so a slot with no WAL left to confirm
 * means every change is committed, and a difference then is real. Any WAL left counts as pending,
 * since a single row change is only a few hundred bytes; the price is that WAL the server writes for
 * other reasons (other databases, running-transactions records) keeps a real difference PENDING until
 * the source's heartbeat moves the slot on.
 *
 * @param pendingWalBytes WAL written since the slot's last confirmed position; empty when there is
 *     no slot (or it could not be read)
 */
public record RowCountCheck(String target, long sourceRows, long targetRows, OptionalLong pendingWalBytes) {
  public Verdict verdict() {
    if (sourceRows == targetRows) {
      return Verdict.EQUAL;
    }
    boolean caughtUp = pendingWalBytes.isPresent() && pendingWalBytes.getAsLong() == 0;
    return caughtUp ? Verdict.DIFFERENT : Verdict.PENDING;
  }

  public enum Verdict {
    EQUAL,
    /** The counts differ while changes wait to be committed: check again after the next checkpoint. */
    PENDING,
    /** The counts differ although every change is committed: rows were lost or duplicated. */
    DIFFERENT
  }
}
