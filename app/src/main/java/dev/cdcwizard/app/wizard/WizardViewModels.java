package dev.cdcwizard.app.wizard;

import dev.cdcwizard.app.error.ErrorReporter;
import dev.cdcwizard.app.step.check.CheckViewModel;
import dev.cdcwizard.app.step.connect.ConnectViewModel;
import dev.cdcwizard.app.step.launch.LaunchViewModel;
import dev.cdcwizard.app.step.monitor.MonitorViewModel;
import dev.cdcwizard.app.step.publication.PublicationViewModel;
import dev.cdcwizard.app.step.review.ReviewViewModel;
import dev.cdcwizard.app.step.tables.TablesViewModel;
import dev.cdcwizard.app.step.target.TargetViewModel;
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

  /** @param language the UI's, which the files written for the user follow */
  public WizardViewModels(WizardState state, Executor executor, ErrorReporter errors, EngineServices engine,
      ObservableValue<Locale> language) {
    welcome = new WelcomeViewModel(state, state, executor, errors, engine.sampleDatabase());
    connect = new ConnectViewModel(state.connection(), executor, engine.connectionTester());
    check = new CheckViewModel(state, state, engine.database(), errors, executor);
    tables = new TablesViewModel(state, engine.database(), errors, executor);
    publication = new PublicationViewModel(state.connection(), state, state, engine.database(), errors, executor);
    target = new TargetViewModel(state, executor, engine.targetChecks());
    review = new ReviewViewModel(state, state, errors, executor, language);
    launch = new LaunchViewModel(state, state, state, state, errors, executor, engine.launcher());
    monitor = new MonitorViewModel(state.connection(), state, state, state, engine.database(), errors, executor);
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
