package dev.cdcwizard.app.tutorial;

/** The tutorial's orders into another PostgreSQL through the wizard, in English. */
class EnglishPostgresTargetWizardIT extends PostgresTargetWizardScenario {
  @Override
  String language() {
    return "en";
  }
}
