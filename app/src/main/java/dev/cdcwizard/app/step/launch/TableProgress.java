package dev.cdcwizard.app.step.launch;

/**
 * The initial snapshot of one table: rows copied so far against the planner's estimate.
 *
 * @param copied whether the snapshot is done (the pipeline streams): then the bar is full whatever the
 *     estimate said, instead of stopping short of a stale estimate or animating without one
 */
public record TableProgress(String table, long rowsCopied, long estimatedRows, boolean copied) {
  public TableProgress(String table, long rowsCopied, long estimatedRows) {
    this(table, rowsCopied, estimatedRows, false);
  }

  /** 0..1 for a progress bar; unknown (-1) while copying without an estimate. */
  public double fraction() {
    if (copied) {
      return 1.0;
    }
    return estimatedRows <= 0 ? -1 : Math.min(1.0, (double) rowsCopied / estimatedRows);
  }

  TableProgress whenCopied() {
    return new TableProgress(table, rowsCopied, estimatedRows, true);
  }
}
