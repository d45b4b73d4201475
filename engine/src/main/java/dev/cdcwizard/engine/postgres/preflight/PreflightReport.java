package dev.cdcwizard.engine.postgres.preflight;

import java.util.Comparator;
import java.util.List;

/** All check results of one preflight run, in check order. */
public record PreflightReport(String database, List<CheckResult> results) {

  public PreflightReport {
    results = List.copyOf(results);
  }

  public CheckStatus worst() {
    return results.stream().map(CheckResult::status).max(Comparator.naturalOrder()).orElse(CheckStatus.PASS);
  }

  /** True when nothing failed: warnings let the user go on. */
  public boolean canProceed() {
    return worst() != CheckStatus.FAIL;
  }

  public List<CheckResult> resultsOf(PreflightCheck check) {
    return results.stream().filter(result -> result.check() == check).toList();
  }

  /** The worst status among the results of one check. */
  public CheckStatus statusOf(PreflightCheck check) {
    return resultsOf(check).stream().map(CheckResult::status).max(Comparator.naturalOrder())
        .orElse(CheckStatus.PASS);
  }

  public String fixScript() {
    return FixScript.of(this);
  }
}
