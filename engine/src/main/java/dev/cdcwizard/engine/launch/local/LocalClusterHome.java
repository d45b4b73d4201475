package dev.cdcwizard.engine.launch.local;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * The folder of the local Flink cluster, in the user's data folder ({@code ~/.local/share/cdc-wizard/flink}
 * on Linux, Application Support on macOS, %APPDATA% on Windows): its config, its logs, the state file
 * that lets a later start find it, and the checkpoints and savepoints of the pipelines it runs.
 */
public record LocalClusterHome(Path root) {

  public static LocalClusterHome defaultHome() {
    return new LocalClusterHome(userDataFolder(System.getProperty("os.name", ""),
        System.getProperty("user.home"), System.getenv()).resolve("flink"));
  }

  /** The same rules as the app's data folder, which the engine cannot depend on. */
  static Path userDataFolder(String osName, String userHome, Map<String, String> environment) {
    String os = osName.toLowerCase(Locale.ROOT);
    if (os.startsWith("windows")) {
      String appData = environment.get("APPDATA");
      Path base = appData != null && !appData.isBlank() ? Path.of(appData) : Path.of(userHome, "AppData", "Roaming");
      return base.resolve("cdc-wizard");
    }
    if (os.startsWith("mac")) {
      return Path.of(userHome, "Library", "Application Support", "cdc-wizard");
    }
    String xdgDataHome = environment.get("XDG_DATA_HOME");
    Path base = xdgDataHome != null && !xdgDataHome.isBlank() ? Path.of(xdgDataHome) : Path.of(userHome, ".local", "share");
    return base.resolve("cdc-wizard");
  }

  public Path configDir() {
    return root.resolve("conf");
  }

  public Path logDir() {
    return root.resolve("log");
  }

  public Path stateFile() {
    return root.resolve("cluster.json");
  }

  public Path checkpointsDir() {
    return root.resolve("checkpoints");
  }

  public Path savepointsDir() {
    return root.resolve("savepoints");
  }

  public Path uploadDir() {
    return root.resolve("web-upload");
  }

  public Path tmpDir() {
    return root.resolve("tmp");
  }
}
