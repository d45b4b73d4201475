package dev.cdcwizard.app.tutorial;

/** The tutorial's orders into another PostgreSQL through the wizard, in Chinese. */
class ChinesePostgresTargetWizardIT extends PostgresTargetWizardScenario {
  @Override
  String language() {
    return "zh-CN";
  }
}
