package dev.cdcwizard.app.step.launch;

/**
 * The initial snapshot of one table: rows copied so far against the planner's estimate.
 *
 * @param rowsCopied the rows this run copied; {@link #COPIED_EARLIER} for a table an earlier run of the
 *     pipeline copied, which this one resumes
 * @param copied whether the snapshot is done (the pipeline streams): then the bar is full whatever the
 *     estimate said, instead of stopping short of a stale estimate or animating without one
 * @param ended whether the pipeline has stopped or failed: then nothing moves, and a bar without an
 *     estimate stands empty instead of animating
 */
public record TableProgress(String table, long rowsCopied, long estimatedRows, boolean copied, boolean ended) {
  public static final long COPIED_EARLIER = -1;

  public TableProgress(String table, long rowsCopied, long estimatedRows) {
    this(table, rowsCopied, estimatedRows, false, false);
  }

  /** 0..1 for a progress bar; unknown (-1) while copying without an estimate. */
  public double fraction() {
    if (copied || copiedEarlier()) {
      return 1.0;
    }
    if (estimatedRows <= 0) {
      return ended ? 0 : -1;
    }
    return Math.min(1.0, (double) rowsCopied / estimatedRows);
  }

  public boolean copiedEarlier() {
    return rowsCopied == COPIED_EARLIER;
  }

  TableProgress whenCopied() {
    return new TableProgress(table, rowsCopied, estimatedRows, true, ended);
  }

  TableProgress whenEnded() {
    return new TableProgress(table, rowsCopied, estimatedRows, copied, true);
  }
}
