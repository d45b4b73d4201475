package dev.cdcwizard.app.tutorial;

/** The tutorial through the wizard in Chinese; in the same JVM as the English run, so one of them is a second pipeline. */
class ChineseTutorialWizardIT extends TutorialWizardScenario {
  @Override
  String language() {
    return "zh-CN";
  }
}
