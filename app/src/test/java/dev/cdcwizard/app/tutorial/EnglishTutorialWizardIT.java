package dev.cdcwizard.app.tutorial;

/** The tutorial through the wizard in English, in a JVM of its own (failsafe does not reuse forks in app). */
class EnglishTutorialWizardIT extends TutorialWizardScenario {
  @Override
  String language() {
    return "en";
  }
}
