package dev.cdcwizard.engine.verify;

import dev.cdcwizard.engine.postgres.slot.ReplicationSlots;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;

/**
 * Where the pipeline's slot stands: whether a job streams from it now, and whether it has confirmed a
 * position. Flink CDC and the engine confirm only what a completed checkpoint committed to the target.
 */
final class SlotProgress {
  private static final long POLL_MILLIS = 500;

  private final Connection connection;
  private final String slot;

  SlotProgress(Connection connection, String slot) {
    this.connection = connection;
    this.slot = slot;
  }

  boolean active() throws SQLException {
    return new ReplicationSlots(connection).status(slot).main().map(SlotStatus::active).orElse(false);
  }

  /** Waits until the slot has confirmed {@code lsn}; false when {@code timeout} passed first. */
  boolean awaitConfirmed(String lsn, Duration timeout, VerifyProgress progress)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      try (PreparedStatement statement = connection.prepareStatement(
          "SELECT confirmed_flush_lsn >= ?::pg_lsn FROM pg_replication_slots WHERE slot_name = ?")) {
        statement.setString(1, lsn);
        statement.setString(2, slot);
        try (ResultSet rs = statement.executeQuery()) {
          if (rs.next() && rs.getBoolean(1)) {
            return true;
          }
        }
      }
      if (System.nanoTime() > deadline) {
        return false;
      }
      PipelineVerifier.stopIfCancelled(progress);
      Thread.sleep(POLL_MILLIS);
    }
  }
}
