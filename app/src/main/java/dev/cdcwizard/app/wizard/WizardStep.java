package dev.cdcwizard.app.wizard;

import dev.cdcwizard.i18n.Message;

/** The steps in the order the wizard walks them; each has one FXML view and one view-model. */
public enum WizardStep {
  WELCOME("welcome", Message.of("wizard.steps.welcome")),
  CONNECT("connect", Message.of("wizard.steps.connect")),
  CHECK("check", Message.of("wizard.steps.check")),
  TABLES("tables", Message.of("wizard.steps.tables")),
  PUBLICATION("publication", Message.of("wizard.steps.publication")),
  TARGET("target", Message.of("wizard.steps.target")),
  REVIEW("review", Message.of("wizard.steps.review")),
  LAUNCH("launch", Message.of("wizard.steps.launch")),
  MONITOR("monitor", Message.of("wizard.steps.monitor"));

  private final String viewName;
  private final Message title;

  WizardStep(String viewName, Message title) {
    this.viewName = viewName;
    this.title = title;
  }

  /** The FXML resource of the step's view, next to the app's step packages. */
  public String fxmlResource() {
    return "/dev/cdcwizard/app/step/" + viewName + ".fxml";
  }

  public String viewName() {
    return viewName;
  }

  public Message title() {
    return title;
  }

  public boolean isFirst() {
    return ordinal() == 0;
  }

  public boolean isLast() {
    return ordinal() == values().length - 1;
  }

  public WizardStep next() {
    return isLast() ? this : values()[ordinal() + 1];
  }

  public WizardStep previous() {
    return isFirst() ? this : values()[ordinal() - 1];
  }
}
