package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.fx.FxmlViews;
import dev.cdcwizard.app.step.check.CheckView;
import dev.cdcwizard.app.step.connect.ConnectView;
import dev.cdcwizard.app.step.launch.LaunchView;
import dev.cdcwizard.app.step.monitor.MonitorView;
import dev.cdcwizard.app.step.publication.PublicationView;
import dev.cdcwizard.app.step.review.ReviewView;
import dev.cdcwizard.app.step.tables.TablesView;
import dev.cdcwizard.app.step.target.TargetView;
import dev.cdcwizard.app.step.welcome.WelcomeView;
import dev.cdcwizard.i18n.Messages;
import java.util.function.Consumer;
import javafx.scene.Parent;

/**
 * Builds a step's view: a new FXML controller each time (views are cheap and hold no state), on the
 * step's long-lived view-model.
 */
public final class StepViews {
  private final WizardViewModels viewModels;
  private final Consumer<String> browser;

  /** @param browser opens a link (the Flink Web UI) in the user's browser */
  public StepViews(WizardViewModels viewModels, Consumer<String> browser) {
    this.viewModels = viewModels;
    this.browser = browser;
  }

  public Parent load(WizardStep step, Messages messages) {
    return FxmlViews.load(step.fxmlResource(), messages, controller(step, messages));
  }

  private Object controller(WizardStep step, Messages messages) {
    return switch (step) {
      case WELCOME -> new WelcomeView(viewModels.welcome(), messages);
      case CONNECT -> new ConnectView(viewModels.connect(), messages);
      case CHECK -> new CheckView(viewModels.check(), messages);
      case TABLES -> new TablesView(viewModels.tables(), messages);
      case PUBLICATION -> new PublicationView(viewModels.publication(), messages);
      case TARGET -> new TargetView(viewModels.target(), messages);
      case REVIEW -> new ReviewView(viewModels.review(), messages);
      case LAUNCH -> new LaunchView(viewModels.launch(), messages, browser);
      case MONITOR -> new MonitorView(viewModels.monitor(), messages);
    };
  }
}
