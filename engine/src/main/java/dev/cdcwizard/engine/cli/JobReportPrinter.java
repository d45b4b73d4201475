package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailureClassifier;
import dev.cdcwizard.engine.monitor.JobReport;
import dev.cdcwizard.engine.postgres.slot.SlotGroupStatus;
import java.io.PrintWriter;
import java.util.Locale;

/** Prints a job report and a slot report as the CLI shows them. */
final class JobReportPrinter {
  private JobReportPrinter() {}

  static void print(JobReport report, PrintWriter out, Locale locale) {
    out.printf("Job %s '%s': %s for %ds, %d restart(s)%n", report.jobId(), report.name(), report.state(),
        report.uptime().toSeconds(), report.restarts());
    out.printf("Checkpoints: %d completed, %d failed%n", report.completedCheckpoints(), report.failedCheckpoints());
    report.lastCheckpoint().ifPresent(checkpoint -> out.printf(
        "Last checkpoint: #%d at %s, %d bytes, took %d ms%s%n", checkpoint.id(), checkpoint.completedAt(),
        checkpoint.sizeBytes(), checkpoint.duration().toMillis(),
        checkpoint.externalPath().isEmpty() ? "" : ", " + checkpoint.externalPath()));
    if (report.recentCheckpoints().size() > 1) {
      out.println("Recent checkpoints:");
      report.recentCheckpoints().forEach(checkpoint -> out.printf("  #%d at %s, %d bytes, took %d ms%n",
          checkpoint.id(), checkpoint.completedAt(), checkpoint.sizeBytes(), checkpoint.duration().toMillis()));
    }
    report.vertices().forEach(vertex -> out.printf("  %-60s %-10s x%d  in %d  out %d%n",
        vertex.name(), vertex.status(), vertex.parallelism(), vertex.recordsIn(), vertex.recordsOut()));
    report.progress().snapshotRows().forEach((table, rows) -> out.printf("  %s: %d snapshot rows, %d changes%n",
        table, rows, report.progress().streamedChanges().getOrDefault(table, 0L)));
    report.latestException().ifPresent(exception -> {
      out.printf("Latest exception (%s, %s): %s%n", exception.time(), exception.taskName(), exception.rootCause());
      // a cause no restart cures: say what it means, as run does when it stops such a job
      JobFailureClassifier.permanentCause(exception.stackTrace())
          .ifPresent(cause -> out.println(EngineMessage.JOB_FAILED.format(locale, cause.text(locale))));
    });
    out.println("Web UI: " + report.webUi());
  }

  static void print(SlotGroupStatus slots, PrintWriter out) {
    if (!slots.exists() && slots.backfill().isEmpty()) {
      out.println("Replication slot " + slots.slotName() + " does not exist.");
      return;
    }
    out.printf("Replication slot %s: %s, holds %s bytes of WAL%s%n", slots.slotName(),
        slots.active() ? "active" : "inactive",
        slots.walRetainedBytes().isPresent() ? Long.toString(slots.walRetainedBytes().getAsLong()) : "?",
        slots.backfill().isEmpty() ? "" : "; leftover backfill slots: "
            + String.join(", ", slots.backfill().stream().map(slot -> slot.name()).toList()));
    if (!slots.active()) {
      out.println("It keeps WAL for resuming the pipeline; drop it with 'cdc-wizard drop-slot --slot "
          + slots.slotName() + " ...' once you will not resume.");
    }
  }
}
