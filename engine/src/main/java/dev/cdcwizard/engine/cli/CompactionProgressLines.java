package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.maintenance.MaintenanceMessage;
import dev.cdcwizard.engine.sink.iceberg.TableCompaction;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * A line every few seconds while a large table compacts, so that a long compaction is not taken for a hang; none
 * for a compaction over in less, and none at its end (the result follows).
 */
final class CompactionProgressLines implements TableCompaction.Progress {
  static final Duration EVERY = Duration.ofSeconds(5);

  private final PrintWriter out;
  private final Locale locale;
  private final String table;
  private final LongSupplier nanoTime;
  private long lastSaid;

  /** @param nanoTime the clock, {@code System::nanoTime} */
  CompactionProgressLines(PrintWriter out, Locale locale, String table, LongSupplier nanoTime) {
    this.out = out;
    this.locale = locale;
    this.table = table;
    this.nanoTime = nanoTime;
    this.lastSaid = nanoTime.getAsLong();
  }

  @Override
  public void rows(long written, long planned) {
    long now = nanoTime.getAsLong();
    if (written > 0 && written < planned && now - lastSaid >= EVERY.toNanos()) {
      lastSaid = now;
      out.println(MaintenanceMessage.COMPACTING.format(locale, table, written, planned));
      out.flush();
    }
  }
}
