package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.error.DialogErrorReporter;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.step.connect.ConnectionTester;
import dev.cdcwizard.app.step.welcome.SampleDatabaseStarter;
import dev.cdcwizard.i18n.Localization;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import javafx.stage.Stage;

/**
 * One wizard, wired: state, view-models, navigation and window. The composition root that the
 * application and the UI tests share; the engine calls are parameters so tests can replace them.
 */
public final class Wizard {
  private final WizardState state = new WizardState();
  private final UiPreferences preferences;
  private final ExecutorService executor;
  private final WizardViewModels viewModels;
  private final WizardNavigator navigator;
  private final WizardWindow window;

  public Wizard(Stage stage, UiPreferences preferences, ExecutorService executor,
      SampleDatabaseStarter sampleDatabase, ConnectionTester connectionTester, Consumer<String> browser) {
    this.preferences = preferences;
    this.executor = executor;
    ErrorReporter errors = new DialogErrorReporter(
        () -> Localization.messages(preferences.languageProperty().get()), () -> stage);
    viewModels = new WizardViewModels(state, executor, errors, sampleDatabase, connectionTester,
        preferences.languageProperty());
    navigator = new WizardNavigator(viewModels.byStep());
    window = new WizardWindow(stage, navigator, new StepViews(viewModels, browser), preferences, stage::close);
  }

  public void show() {
    window.show();
  }

  /** Cancels the current step's work, stops the background threads, the pipeline and the sample database. */
  public void close() {
    navigator.close();
    executor.shutdownNow();
    // the pipeline first: it reads from the sample database
    state.stopPipeline();
    state.stopSampleServer();
  }

  public WizardState state() {
    return state;
  }

  public UiPreferences preferences() {
    return preferences;
  }

  public WizardViewModels viewModels() {
    return viewModels;
  }

  public WizardNavigator navigator() {
    return navigator;
  }

  public WizardWindow window() {
    return window;
  }
}
