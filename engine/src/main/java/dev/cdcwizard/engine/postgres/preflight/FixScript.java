package dev.cdcwizard.engine.postgres.preflight;

import dev.cdcwizard.i18n.ArtifactTexts;
import java.util.List;
import java.util.Locale;

/**
 * Joins the fixes of check results into one script for psql, in the reader's language. Each fix is
 * preceded by the problem it solves, so a DBA reviewing the script knows why every line is there.
 */
public final class FixScript {
  private FixScript() {}

  public static String of(String database, List<CheckResult> results, Locale language) {
    ArtifactTexts texts = ArtifactTexts.of(language);
    List<CheckResult> fixes = results.stream().filter(CheckResult::hasFix).toList();
    StringBuilder script = new StringBuilder()
        .append("-- ").append(texts.get("fixScript.header", database)).append('\n')
        .append("-- ").append(texts.get("fixScript.howToRun")).append('\n');
    if (fixes.isEmpty()) {
      return script.append("-- ").append(texts.get("fixScript.nothingToFix")).append('\n').toString();
    }
    for (CheckResult result : fixes) {
      String status = result.status() == CheckStatus.FAIL ? texts.get("fixScript.fail") : texts.get("fixScript.warn");
      script.append('\n')
          .append("-- [").append(status).append("] ").append(result.message().text(language)).append('\n')
          .append(result.fix(language)).append('\n');
    }
    return script.toString();
  }
}
