package dev.cdcwizard.app;

import dev.cdcwizard.engine.UserDataFolder;
import javafx.application.Application;

/**
 * The main class of the jar. Not the {@link Application} itself: started from a non-modular class
 * path, JavaFX refuses a main class that extends Application. Has no logger on purpose: the log
 * folder must be set before log4j reads its configuration.
 */
public final class Launcher {
  /** Read by log4j2.xml. */
  public static final String LOG_DIR_PROPERTY = "cdcwizard.logDir";

  private Launcher() {}

  public static void main(String[] args) {
    if (System.getProperty(LOG_DIR_PROPERTY) == null) {
      System.setProperty(LOG_DIR_PROPERTY, UserDataFolder.resolve().resolve("logs").toString());
    }
    Application.launch(CdcWizardApp.class, args);
  }
}
