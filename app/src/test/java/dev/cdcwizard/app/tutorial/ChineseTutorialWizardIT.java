package dev.cdcwizard.app.tutorial;

/** The tutorial through the wizard in Chinese, in a JVM of its own (failsafe does not reuse forks in app). */
class ChineseTutorialWizardIT extends TutorialWizardScenario {
  @Override
  String language() {
    return "zh-CN";
  }
}
