package dev.cdcwizard.app.step.launch;

/** The initial snapshot of one table: rows copied so far against the planner's estimate. */
public record TableProgress(String table, long rowsCopied, long estimatedRows) {
  /** 0..1 for a progress bar; unknown (-1) while the estimate is 0. */
  public double fraction() {
    return estimatedRows <= 0 ? -1 : Math.min(1.0, (double) rowsCopied / estimatedRows);
  }
}
