package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.step.check.CheckViewModel;
import dev.cdcwizard.app.step.connect.ConnectViewModel;
import dev.cdcwizard.app.step.connect.ConnectionTester;
import dev.cdcwizard.app.step.launch.LaunchViewModel;
import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.app.step.monitor.MonitorViewModel;
import dev.cdcwizard.app.step.publication.PublicationViewModel;
import dev.cdcwizard.app.step.review.ReviewViewModel;
import dev.cdcwizard.app.step.tables.TablesViewModel;
import dev.cdcwizard.app.step.target.TargetChecks;
import dev.cdcwizard.app.step.target.TargetViewModel;
import dev.cdcwizard.app.step.welcome.SampleDatabaseStarter;
import dev.cdcwizard.app.step.welcome.WelcomeViewModel;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;
import javafx.beans.value.ObservableValue;

/** The view-models of one wizard, created once and kept across language switches. */
public final class WizardViewModels {
  private final WelcomeViewModel welcome;
  private final ConnectViewModel connect;
  private final CheckViewModel check;
  private final TablesViewModel tables;
  private final PublicationViewModel publication;
  private final TargetViewModel target;
  private final ReviewViewModel review;
  private final LaunchViewModel launch;
  private final MonitorViewModel monitor;

  /**
   * The engine calls are parameters so that tests can replace the slow or server-bound ones; the
   * language is the UI's, which the files written for the user follow.
   */
  public WizardViewModels(WizardState state, Executor executor, ErrorReporter errors,
      SampleDatabaseStarter sampleDatabase, ConnectionTester connectionTester, SourceDatabase database,
      PipelineLauncher launcher, ObservableValue<Locale> language) {
    welcome = new WelcomeViewModel(state, executor, errors, sampleDatabase);
    connect = new ConnectViewModel(state.connection(), executor, connectionTester);
    check = new CheckViewModel(state, database, errors, executor);
    tables = new TablesViewModel(state, database, errors, executor);
    publication = new PublicationViewModel(state, database, errors, executor);
    target = new TargetViewModel(state, executor, TargetChecks.ENGINE);
    review = new ReviewViewModel(state, errors, executor, language);
    launch = new LaunchViewModel(state, errors, executor, launcher);
    monitor = new MonitorViewModel(state, database, errors, executor);
  }

  public Map<WizardStep, StepViewModel> byStep() {
    Map<WizardStep, StepViewModel> byStep = new EnumMap<>(WizardStep.class);
    byStep.put(WizardStep.WELCOME, welcome);
    byStep.put(WizardStep.CONNECT, connect);
    byStep.put(WizardStep.CHECK, check);
    byStep.put(WizardStep.TABLES, tables);
    byStep.put(WizardStep.PUBLICATION, publication);
    byStep.put(WizardStep.TARGET, target);
    byStep.put(WizardStep.REVIEW, review);
    byStep.put(WizardStep.LAUNCH, launch);
    byStep.put(WizardStep.MONITOR, monitor);
    return byStep;
  }

  public WelcomeViewModel welcome() {
    return welcome;
  }

  public ConnectViewModel connect() {
    return connect;
  }

  public CheckViewModel check() {
    return check;
  }

  public TablesViewModel tables() {
    return tables;
  }

  public PublicationViewModel publication() {
    return publication;
  }

  public TargetViewModel target() {
    return target;
  }

  public ReviewViewModel review() {
    return review;
  }

  public LaunchViewModel launch() {
    return launch;
  }

  public MonitorViewModel monitor() {
    return monitor;
  }
}
