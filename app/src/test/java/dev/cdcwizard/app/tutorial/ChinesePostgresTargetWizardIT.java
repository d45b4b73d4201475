package dev.cdcwizard.app.tutorial;

import org.junit.jupiter.api.Tag;

/**
 * The tutorial's orders into another PostgreSQL through the wizard, in Chinese. Under {@code -Plong}: the
 * replication example is English only, the Chinese tutorial journey walks the same steps in Chinese, and
 * the bundles' test keeps every Chinese string of the target steps; the suite stays under its 25 minutes.
 */
@Tag("long")
class ChinesePostgresTargetWizardIT extends PostgresTargetWizardScenario {
  @Override
  String language() {
    return "zh-CN";
  }
}
