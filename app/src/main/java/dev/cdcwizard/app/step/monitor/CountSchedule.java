package dev.cdcwizard.app.step.monitor;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.preview.RowCountCheck;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * When the preview counts a table's rows again. A count is {@code count(*)} on the user's source and
 * target tables, seconds on a large one, so the next one waits ten times as long as the last took:
 * the preview keeps at most a tenth of a database's time, and small tables are counted at every refresh.
 */
final class CountSchedule {
  static final int SPACING = 10;

  private final LongSupplier nanoClock;
  private final Map<TableId, Counted> counted = new HashMap<>();

  CountSchedule(LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
  }

  /** The moment a read starts, to hand to {@link #counted}. */
  long now() {
    return nanoClock.getAsLong();
  }

  /** Whether a read of {@code table} starting now counts its rows again. */
  boolean due(TableId table) {
    Counted last = counted.get(table);
    return last == null || now() >= last.nextAt();
  }

  /** Keeps the counts of a read that started at {@code startedAt} and ends now. */
  void counted(TableId table, RowCountCheck counts, long startedAt) {
    counted.put(table, new Counted(counts, startedAt + SPACING * (now() - startedAt)));
  }

  /** The latest counts of {@code table}, while the next are not due. */
  Optional<RowCountCheck> last(TableId table) {
    return Optional.ofNullable(counted.get(table)).map(Counted::counts);
  }

  private record Counted(RowCountCheck counts, long nextAt) {}
}
