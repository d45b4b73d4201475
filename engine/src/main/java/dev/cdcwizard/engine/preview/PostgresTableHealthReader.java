package dev.cdcwizard.engine.preview;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.preview.TableHealth.Verdict;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads a PostgreSQL target table's health from {@code pg_stat_all_tables} and its size functions: no
 * row is read, and any role that can see the table can run it. Autovacuum starts on a table once a fifth
 * of it is dead (its default scale factor); a share well past that means it does not keep up.
 */
public final class PostgresTableHealthReader {
  static final double ADVISED_DEAD_SHARE = 0.20;
  static final double URGENT_DEAD_SHARE = 0.50;
  /** Below this many dead rows a table reads fast whatever their share. */
  static final long MIN_DEAD_ROWS = 10_000;
  /** From this many rows a table the planner never analyzed gets plans made on guesses. */
  static final long MIN_ROWS_FOR_ANALYZE = 10_000;

  private static final String STATISTICS = """
      SELECT coalesce(s.n_live_tup, 0), coalesce(s.n_dead_tup, 0), pg_table_size(c.oid), pg_indexes_size(c.oid),
        greatest(s.last_vacuum, s.last_autovacuum), greatest(s.last_analyze, s.last_autoanalyze)
      FROM pg_class c LEFT JOIN pg_stat_all_tables s ON s.relid = c.oid
      WHERE c.oid = to_regclass(?)""";

  private PostgresTableHealthReader() {}

  /** @return empty when the table does not exist (yet) */
  public static Optional<PostgresTableHealth> read(Connection connection, TableId table) throws SQLException {
    try (PreparedStatement statement = connection.prepareStatement(STATISTICS)) {
      statement.setString(1, table.sqlName());
      try (ResultSet rs = statement.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(judge(table.toString(), rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4),
            instant(rs.getTimestamp(5)), instant(rs.getTimestamp(6)), table.sqlName()));
      }
    }
  }

  static PostgresTableHealth judge(String name, long live, long dead, long tableBytes, long indexBytes,
      Optional<Instant> lastVacuum, Optional<Instant> lastAnalyze, String sqlName) {
    List<UserMessage> reasons = new ArrayList<>();
    Verdict verdict = Verdict.HEALTHY;
    double deadShare = live + dead == 0 ? 0 : (double) dead / (live + dead);
    if (dead >= MIN_DEAD_ROWS && deadShare >= ADVISED_DEAD_SHARE) {
      verdict = deadShare >= URGENT_DEAD_SHARE ? Verdict.URGENT : Verdict.COMPACTION_ADVISED;
      reasons.add(UserMessage.of(TableHealthMessage.DEAD_SHARE, Math.round(deadShare * 100), sqlName));
    }
    if (lastAnalyze.isEmpty() && live + dead >= MIN_ROWS_FOR_ANALYZE) {
      verdict = verdict == Verdict.HEALTHY ? Verdict.COMPACTION_ADVISED : verdict;
      reasons.add(UserMessage.of(TableHealthMessage.NEVER_ANALYZED, live + dead, sqlName));
    }
    return new PostgresTableHealth(name, live, dead, tableBytes, indexBytes, lastVacuum, lastAnalyze, verdict,
        reasons);
  }

  private static Optional<Instant> instant(Timestamp timestamp) {
    return Optional.ofNullable(timestamp).map(Timestamp::toInstant);
  }
}
