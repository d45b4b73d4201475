package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.postgres.PostgresMessage;
import dev.cdcwizard.i18n.Localization;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

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

  /**
   * This report for a caller whose own pipeline is running from {@code slot} (the wizard, back on its
   * check step; a job followed on a cluster): that the slot, or the backfill slots of the snapshot that
   * job is still taking, are in use is then no fault, and must not keep the user from the monitor.
   */
  public PreflightReport withSlotUsedByThisPipeline(String slot) {
    return new PreflightReport(database, results.stream().map(result -> usedByThisPipeline(result, slot)).toList());
  }

  private static CheckResult usedByThisPipeline(CheckResult result, String slot) {
    if (result.message().key() == PostgresMessage.SLOT_ACTIVE
        && slot.equals(String.valueOf(result.message().arguments().get(0)))) {
      return new CheckResult(result.check(), CheckStatus.PASS,
          UserMessage.of(PostgresMessage.SLOT_USED_BY_THIS_PIPELINE, slot), FixSql.NONE);
    }
    if (result.message().key() == PostgresMessage.SLOT_BACKFILL_ACTIVE) {
      // the check lists only the backfill slots of this pipeline's slot (<slot>_<n>)
      return new CheckResult(result.check(), CheckStatus.PASS, UserMessage.of(
          PostgresMessage.SLOT_BACKFILL_USED_BY_THIS_PIPELINE, result.message().arguments().get(0)), FixSql.NONE);
    }
    return result;
  }

  /** The fixes as one psql script, commented in English. */
  public String fixScript() {
    return fixScript(Localization.ENGLISH);
  }

  /** The fixes as one psql script, commented in the supported language closest to {@code language}. */
  public String fixScript(Locale language) {
    return FixScript.of(database, results, language);
  }
}
