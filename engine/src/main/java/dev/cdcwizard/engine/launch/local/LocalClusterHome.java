package dev.cdcwizard.engine.launch.local;

import dev.cdcwizard.engine.UserDataFolder;
import java.nio.file.Path;

/**
 * The folder of the local Flink cluster, in the user's data folder ({@code ~/.local/share/cdc-wizard/flink}
 * on Linux, Application Support on macOS, %APPDATA% on Windows): its config, its logs, the state file
 * that lets a later start find it, the checkpoints and savepoints of the pipelines it runs, and the extra jars
 * its processes load (its {@code lib}, as Flink's own {@code $FLINK_HOME/lib}).
 */
public record LocalClusterHome(Path root) {

  public static LocalClusterHome defaultHome() {
    return new LocalClusterHome(UserDataFolder.resolve().resolve("flink"));
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

  /** Jars on the class path of the cluster's processes besides Flink's: a catalog's, a file system's. */
  public Path libDir() {
    return root.resolve("lib");
  }

  public Path tmpDir() {
    return root.resolve("tmp");
  }
}
