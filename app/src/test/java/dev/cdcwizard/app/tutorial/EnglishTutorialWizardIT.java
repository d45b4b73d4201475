package dev.cdcwizard.app.tutorial;

/** The tutorial through the wizard in English; in the same JVM as the Chinese run, so one of them is a second pipeline. */
class EnglishTutorialWizardIT extends TutorialWizardScenario {
  @Override
  String language() {
    return "en";
  }
}
