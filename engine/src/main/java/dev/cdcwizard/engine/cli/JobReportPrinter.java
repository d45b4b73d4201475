package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.CheckpointReport;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.monitor.JobReport;
import dev.cdcwizard.engine.monitor.VertexReport;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.stream.Stream;

/** Prints a job report and a slot report as the CLI shows them. */
final class JobReportPrinter {
  private JobReportPrinter() {}

  static void print(JobReport report, PrintWriter out, Locale locale) {
    out.println(CliMessage.REPORT_JOB.format(locale, report.jobId(), report.name(), report.state(),
        report.uptime().toSeconds(), report.restarts()));
    out.println(CliMessage.REPORT_CHECKPOINTS.format(locale, report.completedCheckpoints(),
        report.failedCheckpoints()));
    report.lastCheckpoint().ifPresent(checkpoint -> out.println(checkpoint.externalPath().isEmpty()
        ? CliMessage.REPORT_LAST_CHECKPOINT.format(locale, figures(checkpoint))
        : CliMessage.REPORT_LAST_CHECKPOINT_STORED.format(locale, figures(checkpoint, checkpoint.externalPath()))));
    if (report.recentCheckpoints().size() > 1) {
      out.println(CliMessage.REPORT_RECENT_CHECKPOINTS.format(locale));
      report.recentCheckpoints().forEach(checkpoint ->
          out.println("  " + CliMessage.REPORT_RECENT_CHECKPOINT.format(locale, figures(checkpoint))));
    }
    report.vertices().forEach(vertex -> out.println(vertexLine(vertex, locale)));
    report.progress().snapshotRows().forEach((table, rows) -> out.println("  " + CliMessage.REPORT_TABLE.format(
        locale, table, rows, report.progress().streamedChanges().getOrDefault(table, 0L))));
    report.latestException().ifPresent(exception -> {
      out.println(CliMessage.REPORT_LATEST_EXCEPTION.format(locale, exception.time(), exception.taskName(),
          exception.rootCause()));
      // a cause no restart cures: say what it means, as run does when it stops such a job
      JobFailureClassifier.permanentCause(exception.stackTrace())
          .ifPresent(cause -> out.println(EngineMessage.JOB_FAILED.format(locale, cause.text(locale))));
      JobFailureClassifier.restartCause(exception.stackTrace())
          .ifPresent(cause -> out.println(CliMessage.REPORT_RESTARTED_BY_ITSELF.format(locale, cause.text(locale))));
    });
    out.println(CliMessage.REPORT_WEB_UI.format(locale, report.webUi()));
  }

  /** A vertex of the job graph: its name and status padded to columns by display width, then its figures. */
  static String vertexLine(VertexReport vertex, Locale locale) {
    return "  " + CliMessage.REPORT_VERTEX.format(locale, TextColumns.pad(vertex.name(), 60),
        TextColumns.pad(vertex.status(), 10), vertex.parallelism(), vertex.recordsIn(), vertex.recordsOut());
  }

  /** The checkpoint's id, time, size and duration, then {@code more}: the arguments of its line. */
  private static Object[] figures(CheckpointReport checkpoint, Object... more) {
    return Stream.concat(Stream.of(checkpoint.id(), checkpoint.completedAt(), checkpoint.sizeBytes(),
        checkpoint.duration().toMillis()), Stream.of(more)).toArray();
  }

  static void print(SlotGroupStatus slots, PrintWriter out, Locale locale) {
    if (!slots.exists() && slots.backfill().isEmpty()) {
      out.println(CliMessage.SLOT_MISSING.format(locale, slots.slotName()));
      return;
    }
    String activity = (slots.active() ? CliMessage.SLOT_ACTIVE : CliMessage.SLOT_INACTIVE).format(locale);
    String retained = slots.walRetainedBytes().isPresent() ? Long.toString(slots.walRetainedBytes().getAsLong()) : "?";
    out.println(slots.backfill().isEmpty()
        ? CliMessage.SLOT_STATUS.format(locale, slots.slotName(), activity, retained)
        : CliMessage.SLOT_STATUS_BACKFILL.format(locale, slots.slotName(), activity, retained,
            String.join(", ", slots.backfill().stream().map(slot -> slot.name()).toList())));
    if (!slots.active()) {
      out.println(CliMessage.SLOT_KEEPS_WAL.format(locale, slots.slotName()));
    }
  }
}
