package dev.cdcwizard.engine;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where CDC Wizard keeps its files on this operating system (the app's log, the local Flink cluster): %APPDATA% on Windows, Application
 * Support on macOS, $XDG_DATA_HOME (or ~/.local/share) elsewhere. Logs nothing: it runs before
 * logging is configured.
 */
public final class UserDataFolder {
  private static final String FOLDER_NAME = "cdc-wizard";

  private UserDataFolder() {}

  public static Path resolve() {
    return resolve(System.getProperty("os.name", ""), System.getProperty("user.home"), System.getenv());
  }

  static Path resolve(String osName, String userHome, Map<String, String> environment) {
    String os = osName.toLowerCase(Locale.ROOT);
    if (os.startsWith("windows")) {
      String appData = environment.get("APPDATA");
      Path base = appData != null && !appData.isBlank() ? Path.of(appData) : Path.of(userHome, "AppData", "Roaming");
      return base.resolve(FOLDER_NAME);
    }
    if (os.startsWith("mac")) {
      return Path.of(userHome, "Library", "Application Support", FOLDER_NAME);
    }
    String xdgDataHome = environment.get("XDG_DATA_HOME");
    Path base = xdgDataHome != null && !xdgDataHome.isBlank() ? Path.of(xdgDataHome) : Path.of(userHome, ".local", "share");
    return base.resolve(FOLDER_NAME);
  }
}
