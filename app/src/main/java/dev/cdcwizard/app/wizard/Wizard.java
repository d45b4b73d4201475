package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.error.DialogErrorReporter;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.step.connect.ConnectionTester;
import dev.cdcwizard.app.step.welcome.SampleDatabaseStarter;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.i18n.Localization;
import dev.cdcwizard.i18n.Messages;
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

  /** The application's wizard: the engine's calls, and {@code settings} saved as they change. */
  public Wizard(Stage stage, UiPreferences preferences, ExecutorService executor,
      SampleDatabaseStarter sampleDatabase, ConnectionTester connectionTester, Consumer<String> browser,
      SavedSettings settings) {
    this(stage, preferences, executor, sampleDatabase, connectionTester, SourceDatabase.ENGINE, browser,
        RunSlots.ENGINE, PipelineLauncher.standard(), settings);
  }

  /**
   * @param database the source database's calls of the check, table, publication and monitor steps
   * @param slots the pipeline's slot, as closing the window asks about it
   * @param launcher the launch step's, and the local Flink cluster's, as closing the window asks about it once the
   *     launch step chose it
   * @param settings what the last session saved, applied before the window shows; each change is saved
   */
  public Wizard(Stage stage, UiPreferences preferences, ExecutorService executor,
      SampleDatabaseStarter sampleDatabase, ConnectionTester connectionTester, SourceDatabase database,
      Consumer<String> browser, RunSlots slots, PipelineLauncher launcher, SavedSettings settings) {
    this.preferences = preferences;
    this.executor = executor;
    Supplier<Messages> messages = () -> Localization.messages(preferences.languageProperty().get());
    ErrorReporter errors = new DialogErrorReporter(messages, () -> stage);
    viewModels = new WizardViewModels(state, executor, errors, sampleDatabase, connectionTester, database,
        launcher, preferences.languageProperty());
    settings.keep(preferences, viewModels.monitor().slot().warnAboveMegabytesProperty());
    navigator = new WizardNavigator(viewModels.byStep());
    LeftLocalCluster leftCluster = LeftLocalCluster.of(launcher,
        () -> viewModels.launch().targetProperty().get() == LaunchTarget.LOCAL_CLUSTER);
    leave = new LeaveGuard(state, executor, slots, leftCluster, new LeaveDialogs(messages, () -> stage), errors,
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
