package dev.cdcwizard.app.testsupport;

import dev.cdcwizard.app.engine.SourceDatabase;
import dev.cdcwizard.app.step.connect.ConnectionTester;
import dev.cdcwizard.app.step.welcome.SampleDatabaseStarter;
import dev.cdcwizard.app.task.DaemonThreadFactory;
import dev.cdcwizard.app.wizard.EngineServices;
import dev.cdcwizard.app.wizard.RunSlots;
import dev.cdcwizard.app.wizard.SavedSettings;
import dev.cdcwizard.app.wizard.UiPreferences;
import dev.cdcwizard.app.wizard.Wizard;
import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.postgres.ConnectionFailure;
import java.io.IOException;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import javafx.stage.Stage;
import org.testfx.api.FxToolkit;

/** Wizards for UI tests: the real composition, with the engine calls a test chooses. */
public final class TestWizards {
  /** A sample database that never starts, for tests that must not run PostgreSQL. */
  public static final SampleDatabaseStarter FAILING_SAMPLE = () -> {
    throw new IOException("no PostgreSQL in a unit test");
  };
  /** A server that is never there. */
  public static final ConnectionTester NO_SERVER = endpoint -> {
    throw FakeServer.failure(ConnectionFailure.CONNECTION_REFUSED, endpoint);
  };

  /** The engine's calls with no sample database and no server to connect to. */
  private static final EngineServices OFFLINE =
      EngineServices.standard().withSampleDatabase(FAILING_SAMPLE).withConnectionTester(NO_SERVER);

  private TestWizards() {}

  public static Wizard show(Stage stage, Locale language, SampleDatabaseStarter sampleDatabase,
      ConnectionTester connectionTester) {
    Wizard wizard = new Wizard(stage, new UiPreferences(language),
        Executors.newCachedThreadPool(new DaemonThreadFactory("test-task")),
        EngineServices.standard().withSampleDatabase(sampleDatabase).withConnectionTester(connectionTester),
        link -> { }, SavedSettings.notSaved());
    wizard.show();
    return wizard;
  }

  public static Wizard show(Stage stage) {
    return show(stage, Locale.ENGLISH, FAILING_SAMPLE, NO_SERVER);
  }

  /** A wizard in English that starts with {@code settings} and saves their changes there. */
  public static Wizard show(Stage stage, SavedSettings settings) {
    Wizard wizard = new Wizard(stage, new UiPreferences(Locale.ENGLISH),
        Executors.newCachedThreadPool(new DaemonThreadFactory("test-task")), OFFLINE, link -> { }, settings);
    wizard.show();
    return wizard;
  }

  /** A wizard whose pipeline slot is {@code slots}, for tests of what closing it asks. */
  public static Wizard show(Stage stage, Locale language, RunSlots slots) {
    return show(stage, language, SourceDatabase.ENGINE, slots, PipelineLauncher.standard());
  }

  /** A wizard whose pipeline slot is {@code slots} and whose launcher is {@code launcher}, for what closing asks. */
  public static Wizard show(Stage stage, Locale language, RunSlots slots, PipelineLauncher launcher) {
    return show(stage, language, SourceDatabase.ENGINE, slots, launcher);
  }

  /** An English wizard connected (as if tested) to {@code database}, which its steps ask. */
  public static Wizard showConnected(Stage stage, SourceDatabase database) {
    Wizard wizard = show(stage, Locale.ENGLISH, database);
    wizard.state().connection().fill("localhost", 5432, "inventory", "postgres", "tutorial");
    wizard.state().connection().testedProperty().set(true);
    return wizard;
  }

  /** A wizard whose check, table, publication and monitor steps ask {@code database}. */
  public static Wizard show(Stage stage, Locale language, SourceDatabase database) {
    return show(stage, language, database, RunSlots.ENGINE, PipelineLauncher.standard());
  }

  private static Wizard show(Stage stage, Locale language, SourceDatabase database, RunSlots slots,
      PipelineLauncher launcher) {
    Wizard wizard = new Wizard(stage, new UiPreferences(language),
        Executors.newCachedThreadPool(new DaemonThreadFactory("test-task")),
        OFFLINE.withDatabase(database).withSlots(slots).withLauncher(launcher), link -> { }, SavedSettings.notSaved());
    wizard.show();
    return wizard;
  }

  /**
   * Closes {@code wizard} on the FX thread, as the application's {@code stop} does: closing a step stops its
   * animations, and JavaFX 21's animation timer fails in its next pulse when they are stopped from another thread.
   */
  public static void close(Wizard wizard) {
    try {
      FxToolkit.setupFixture(wizard::close);
    } catch (TimeoutException e) {
      throw new IllegalStateException("the wizard did not close within TestFX's timeout", e);
    }
  }
}
