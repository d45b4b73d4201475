package dev.cdcwizard.engine.preview;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.preview.TableHealth.Verdict;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * What PostgreSQL's statistics say of a target table, without reading a row: its live and dead rows, its
 * size on disk and when it was last vacuumed and analyzed, with a plain verdict and the reasons for it.
 * A pipeline's updates and deletes leave dead rows for autovacuum to reclaim; when it falls behind, the
 * table and its indexes grow and every read goes through the dead rows.
 *
 * @param lastVacuum the latest VACUUM, by hand or by autovacuum; empty if never
 * @param lastAnalyze the latest ANALYZE, by hand or by autovacuum; empty if never
 */
public record PostgresTableHealth(String table, long liveRows, long deadRows, long tableBytes, long indexBytes,
    Optional<Instant> lastVacuum, Optional<Instant> lastAnalyze, Verdict verdict, List<UserMessage> reasons)
    implements TargetTableHealth {

  public PostgresTableHealth {
    reasons = List.copyOf(reasons);
  }

  /** Compacting is Iceberg's; PostgreSQL reclaims dead rows with VACUUM, which the reasons name. */
  @Override
  public boolean compactable() {
    return false;
  }

  /** The verdict as the user reads it: healthy, VACUUM advised, VACUUM urgent. */
  @Override
  public UserMessage verdictMessage() {
    return UserMessage.of(switch (verdict) {
      case HEALTHY -> TableHealthMessage.HEALTHY;
      case COMPACTION_ADVISED -> TableHealthMessage.VACUUM_ADVISED;
      case URGENT -> TableHealthMessage.VACUUM_URGENT;
    });
  }
}
