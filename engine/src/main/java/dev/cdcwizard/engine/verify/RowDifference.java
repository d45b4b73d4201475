package dev.cdcwizard.engine.verify;

import java.util.List;

/**
 * One key on which source and target disagree.
 *
 * @param columns the columns whose values differ, for {@link Kind#DIFFERENT}
 * @param source the source's row, null when the source has no such key
 * @param target the target's row, null when the target has no such key
 */
public record RowDifference(String key, Kind kind, List<String> columns, VerifiedRow source, VerifiedRow target) {
  public enum Kind { MISSING, EXTRA, DIFFERENT }

  /** Whether {@code later} shows the same disagreement: both sides held the same rows in both reads. */
  boolean sameAs(RowDifference later) {
    return kind == later.kind && equal(source, later.source) && equal(target, later.target);
  }

  private static boolean equal(VerifiedRow one, VerifiedRow other) {
    return one == null ? other == null : one.equals(other);
  }
}
