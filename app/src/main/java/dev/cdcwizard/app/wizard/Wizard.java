package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.error.DialogErrorReporter;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Messages;
import dev.cdcwizard.i18n.Surface;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.function.Supplier;
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
  private final LeaveGuard leave;

  /**
   * @param engine the engine's calls: {@link EngineServices#standard()} in the application
   * @param settings what the last session saved, applied before the window shows; each change is saved
   */
  public Wizard(Stage stage, UiPreferences preferences, ExecutorService executor, EngineServices engine,
      Consumer<String> browser, SavedSettings settings) {
    this.preferences = preferences;
    this.executor = executor;
    Supplier<Messages> messages = () -> Localization.messages(preferences.languageProperty().get(), Surface.WIZARD);
    ErrorReporter errors = new DialogErrorReporter(messages, () -> stage);
    viewModels = new WizardViewModels(state, executor, errors, engine, preferences.languageProperty());
    settings.keep(preferences, viewModels.monitor().slot().warnAboveMegabytesProperty());
    navigator = new WizardNavigator(viewModels.byStep(), viewModels.launch().pipelineRunningBinding());
    LeftLocalCluster leftCluster = LeftLocalCluster.of(engine.launcher(),
        () -> viewModels.launch().targetProperty().get() == LaunchTarget.LOCAL_CLUSTER);
    leave = new LeaveGuard(state, executor, engine.slots(), leftCluster, new LeaveDialogs(messages, () -> stage), errors,
        stage::close);
    window = new WizardWindow(stage, navigator, new StepViews(viewModels, browser), preferences, leave);
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
