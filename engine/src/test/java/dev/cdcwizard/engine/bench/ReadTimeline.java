package dev.cdcwizard.engine.bench;

import java.util.ArrayList;
import java.util.List;

/** The job's snapshot row counter as the benchmark polls it: when rows started and stopped arriving. */
final class ReadTimeline {
  private final long rows;
  private final List<long[]> changes = new ArrayList<>();
  private long firstRow;
  private long firstRowEpochMillis;
  private long allRead;

  ReadTimeline(long rows) {
    this.rows = rows;
  }

  void sample(long read) {
    long now = System.nanoTime();
    if (firstRow == 0 && read > 0) {
      firstRow = now;
      firstRowEpochMillis = System.currentTimeMillis();
    }
    if (allRead == 0 && read >= rows) {
      allRead = now;
    }
    if (read > 0 && (changes.isEmpty() || changes.get(changes.size() - 1)[1] != read)) {
      changes.add(new long[] {now, read});
    }
  }

  long firstRow() {
    return firstRow;
  }

  long firstRowEpochMillis() {
    return firstRowEpochMillis;
  }

  String readRate() {
    if (allRead == 0) {
      return "snapshot read: not measured (the row counters arrived after the last commit)";
    }
    return String.format("snapshot read: %,.0f rows/s (first to last row read, %d ms)",
        rows * 1e9 / (allRead - firstRow), (allRead - firstRow) / 1_000_000);
  }

  /** Rows read between updates of the counter (about one a second: the job's heartbeat). */
  void print() {
    long[] previous = {firstRow, 0};
    for (long[] change : changes) {
      double seconds = (change[0] - previous[0]) / 1e9;
      System.out.printf("read at +%d ms: %,d rows (%,.0f rows/s)%n", (change[0] - firstRow) / 1_000_000, change[1],
          seconds > 0 ? (change[1] - previous[1]) / seconds : 0.0);
      previous = change;
    }
  }
}
