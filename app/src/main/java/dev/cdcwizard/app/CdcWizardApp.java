package dev.cdcwizard.app;

import dev.cdcwizard.app.screenshot.ScreenshotTour;
import dev.cdcwizard.app.task.DaemonThreadFactory;
import dev.cdcwizard.app.wizard.EngineServices;
import dev.cdcwizard.app.wizard.SavedSettings;
import dev.cdcwizard.app.wizard.UiPreferences;
import dev.cdcwizard.app.wizard.Wizard;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JavaFX application: one wizard window. {@code --screenshot-dir DIR} walks every step in every
 * language, saves a PNG of each into DIR and quits.
 */
public final class CdcWizardApp extends Application {
  private static final Logger LOG = LoggerFactory.getLogger(CdcWizardApp.class);

  private Wizard wizard;

  @Override
  public void start(Stage stage) {
    LOG.info("CDC Wizard starting (Java {}, JavaFX {}, log folder {})", System.getProperty("java.version"),
        System.getProperty("javafx.runtime.version"), System.getProperty(Launcher.LOG_DIR_PROPERTY));
    Thread.setDefaultUncaughtExceptionHandler(
        (thread, error) -> LOG.error("Uncaught exception in thread {}", thread.getName(), error));
    Path screenshotDir = screenshotDir(getParameters().getRaw());
    // the tour switches languages: the user's own choice stays as it was
    SavedSettings settings = screenshotDir == null ? SavedSettings.ofUserDataFolder() : SavedSettings.notSaved();
    wizard = new Wizard(stage, new UiPreferences(Locale.getDefault(Locale.Category.DISPLAY)),
        DaemonThreadFactory.cachedPool("wizard-task"), EngineServices.standard(), getHostServices()::showDocument,
        settings);
    wizard.show();
    if (screenshotDir != null) {
      // the tour waits for the sample database and the pipeline: not on the FX thread
      Thread tour = new DaemonThreadFactory("screenshot-tour").newThread(() -> {
        try {
          new ScreenshotTour(wizard, screenshotDir).run();
        } catch (Exception e) {
          LOG.error("The screenshot tour failed", e);
        } finally {
          Platform.runLater(Platform::exit);
        }
      });
      tour.start();
    }
  }

  @Override
  public void stop() {
    if (wizard != null) {
      wizard.close();
    }
    LOG.info("CDC Wizard stopped");
  }

  private static Path screenshotDir(List<String> arguments) {
    int index = arguments.indexOf("--screenshot-dir");
    if (index < 0) {
      return null;
    }
    if (index + 1 >= arguments.size()) {
      throw new IllegalArgumentException("--screenshot-dir needs a folder");
    }
    return Path.of(arguments.get(index + 1));
  }
}
