package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import dev.cdcwizard.engine.postgres.slot.SlotStatus;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.OptionalLong;

/** What {@code slots} prints for one sample: a slot and its backfill slots, a line each under a header. */
final class SlotTablePrinter {
  private static final TextColumns SLOTS = TextColumns.of("%-20s %-6s %-8s %-14s %-14s %14s %12s %-10s%n");

  private SlotTablePrinter() {}

  static void print(SlotGroupStatus status, PrintWriter out, Locale locale) {
    if (!status.exists() && status.backfill().isEmpty()) {
      out.println(CliMessage.SLOTS_MISSING.format(locale, status.slotName()));
      out.flush();
      return;
    }
    String[] headers = CliMessage.texts(locale, CliMessage.SLOTS_COLUMN_SLOT, CliMessage.SLOTS_COLUMN_ACTIVE,
        CliMessage.SLOTS_COLUMN_PID, CliMessage.SLOTS_COLUMN_RESTART_LSN, CliMessage.SLOTS_COLUMN_CONFIRMED_FLUSH_LSN,
        CliMessage.SLOTS_COLUMN_WAL_RETAINED, CliMessage.SLOTS_COLUMN_FLUSH_LAG, CliMessage.SLOTS_COLUMN_WAL_STATUS);
    TextColumns lines = SLOTS.fitting(headers);
    out.print(lines.line((Object[]) headers));
    status.all().forEach(slot -> out.print(lines.line(slot.name(),
        (slot.active() ? CliMessage.SLOTS_ACTIVE_YES : CliMessage.SLOTS_ACTIVE_NO).format(locale),
        slot.activePid().isPresent() ? Integer.toString(slot.activePid().getAsInt()) : "-",
        slot.restartLsn().orElse("-"), slot.confirmedFlushLsn().orElse("-"),
        bytes(slot.walRetainedBytes()), bytes(slot.flushLagBytes()), walStatus(slot, locale))));
    out.flush();
  }

  /** PostgreSQL's wal_status (reserved, extended, unreserved, lost), with safe_wal_size when there is one. */
  private static String walStatus(SlotStatus slot, Locale locale) {
    String status = slot.walStatus().orElse("-");
    return slot.safeWalSizeBytes().isPresent()
        ? CliMessage.SLOTS_SAFE_WAL.format(locale, status, slot.safeWalSizeBytes().getAsLong()) : status;
  }

  private static String bytes(OptionalLong value) {
    return value.isPresent() ? Long.toString(value.getAsLong()) : "-";
  }
}
