package dev.cdcwizard.app.step.launch;

import dev.cdcwizard.i18n.Message;
import java.util.List;

/**
 * The initial snapshot's pace over all its tables, from the rows copied at successive polls: rows per second
 * since the first poll that saw rows, and at that pace the time left to the tables' estimates. Without an
 * estimate for every table, or once the rows pass them, only the pace is said.
 */
final class CopyRate {
  private static final double NANOS_PER_SECOND = 1e9;

  private long firstRows = -1;
  private long firstNanos;

  /**
   * What to say after a poll that saw {@code tables} at {@code nanos} ({@link System#nanoTime}); null until a
   * second has passed since the first rows.
   */
  Message observe(List<TableProgress> shown, long nanos) {
    // a table an earlier run copied is neither pace nor time left of this copy
    List<TableProgress> tables = shown.stream().filter(table -> !table.copiedEarlier()).toList();
    long copied = tables.stream().mapToLong(TableProgress::rowsCopied).sum();
    if (firstRows < 0) {
      if (copied > 0) {
        firstRows = copied;
        firstNanos = nanos;
      }
      return null;
    }
    double seconds = (nanos - firstNanos) / NANOS_PER_SECOND;
    if (seconds < 1 || copied <= firstRows) {
      return null;
    }
    double perSecond = (copied - firstRows) / seconds;
    long left = tables.stream().mapToLong(table -> Math.max(0, table.estimatedRows() - table.rowsCopied())).sum();
    boolean estimated = tables.stream().allMatch(table -> table.estimatedRows() > 0);
    if (!estimated || left == 0) {
      return Message.of("wizard.launch.copyRate", Math.round(perSecond));
    }
    long secondsLeft = (long) Math.ceil(left / perSecond);
    return Message.of("wizard.launch.copyRateLeft", Math.round(perSecond), secondsLeft / 60, secondsLeft % 60);
  }
}
