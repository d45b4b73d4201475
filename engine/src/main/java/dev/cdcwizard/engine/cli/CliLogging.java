package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.UserDataFolder;
import java.nio.file.Path;

/**
 * Points the command line's log at its file in the user data folder before anything logs. Logs
 * nothing itself: it runs before logging is configured.
 */
final class CliLogging {
  static final String LOG_DIR_PROPERTY = "cdcwizard.logDir";
  private static final String CONFIGURATION_PROPERTY = "log4j2.configurationFile";
  private static final String CONFIGURATION = "cdc-wizard-cli-log4j2.xml";

  private CliLogging() {}

  /** Keeps a configuration given on the command line (the installed launcher passes its own). */
  static void configure() {
    if (System.getProperty(LOG_DIR_PROPERTY) == null) {
      System.setProperty(LOG_DIR_PROPERTY, UserDataFolder.resolve().resolve("logs").toString());
    }
    if (System.getProperty(CONFIGURATION_PROPERTY) == null) {
      System.setProperty(CONFIGURATION_PROPERTY, "classpath:" + CONFIGURATION);
    }
  }

  /** The file the messages for the user point at for details. */
  static Path logFile() {
    String dir = System.getProperty(LOG_DIR_PROPERTY);
    return (dir == null ? UserDataFolder.resolve().resolve("logs") : Path.of(dir)).resolve("cdc-wizard-cli.log");
  }
}
