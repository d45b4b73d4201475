package dev.cdcwizard.engine.postgres.preflight;

import java.util.List;

/**
 * Joins the fixes of a report into one script for psql. Each fix is preceded by the problem it solves,
 * so a DBA reviewing the script knows why every line is there.
 */
final class FixScript {
  private FixScript() {}

  static String of(PreflightReport report) {
    List<CheckResult> fixes = report.results().stream().filter(CheckResult::hasFix).toList();
    StringBuilder script = new StringBuilder()
        .append("-- CDC Wizard fix script for database ").append(report.database()).append('\n')
        .append("-- Run it as a superuser or the owner of the tables. Lines starting with -- need a decision.\n");
    if (fixes.isEmpty()) {
      return script.append("-- Nothing to fix.\n").toString();
    }
    for (CheckResult result : fixes) {
      script.append('\n')
          .append("-- [").append(result.status()).append("] ").append(result.message().english()).append('\n')
          .append(result.fix()).append('\n');
    }
    return script.toString();
  }
}
