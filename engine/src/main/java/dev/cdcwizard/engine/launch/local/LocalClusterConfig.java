package dev.cdcwizard.engine.launch.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Writes the local cluster's config dir: {@code config.yaml} (everything on localhost, free ports,
 * the tutorial's memory sizes, checkpoints and savepoints under the cluster's home) and
 * {@code log4j.properties} (a file per process, appended to, and no password).
 */
public final class LocalClusterConfig {
  public static final int TASK_SLOTS = 4;
  static final String CONFIG_FILE = "config.yaml";
  static final String LOG4J_FILE = "log4j.properties";

  /** Keys the engine sets itself: where the processes listen and keep their files, which it finds them by. */
  public static final Set<String> OWN_KEYS = Set.of("jobmanager.rpc.address", "jobmanager.rpc.port",
      "jobmanager.bind-host", "taskmanager.bind-host", "taskmanager.host", "rest.address", "rest.bind-address",
      "rest.port", "state.checkpoints.dir", "state.savepoints.dir", "web.upload.dir", "io.tmp.dirs");

  private LocalClusterConfig() {}

  /** As {@link #write(LocalClusterHome, int, Map)} with the engine's configuration alone. */
  public static int write(LocalClusterHome home, int restPort) throws IOException {
    return write(home, restPort, Map.of());
  }

  /**
   * Writes a fresh config with new free ports; returns the REST port.
   *
   * @param restPort the REST port (the Web UI's) to take, or 0 for a free one
   * @param extra Flink configuration that takes the place of the engine's (memory sizes, slots, anything a
   *     pipeline needs), never one of {@link #OWN_KEYS}
   */
  public static int write(LocalClusterHome home, int restPort, Map<String, String> extra) throws IOException {
    if (extra.keySet().stream().anyMatch(OWN_KEYS::contains)) {
      throw new IllegalArgumentException("The engine sets " + OWN_KEYS + " itself");
    }
    for (Path dir : new Path[] {home.configDir(), home.logDir(), home.checkpointsDir(), home.savepointsDir(),
        home.uploadDir(), home.tmpDir()}) {
      Files.createDirectories(dir);
    }
    if (restPort == 0) {
      restPort = freePort();
    }
    Map<String, String> config = new LinkedHashMap<>();
    config.put("jobmanager.rpc.address", "localhost");
    config.put("jobmanager.rpc.port", Integer.toString(freePort()));
    config.put("jobmanager.bind-host", "localhost");
    config.put("jobmanager.memory.process.size", "1600m");
    config.put("jobmanager.memory.jvm-metaspace.size", "512m");
    config.put("taskmanager.bind-host", "localhost");
    config.put("taskmanager.host", "localhost");
    config.put("taskmanager.numberOfTaskSlots", Integer.toString(TASK_SLOTS));
    config.put("taskmanager.memory.process.size", "2048m");
    config.put("taskmanager.memory.jvm-metaspace.size", "512m");
    // the pipeline keeps no keyed state; managed memory would only take heap from the writers
    config.put("taskmanager.memory.managed.size", "128m");
    // rows per table travel as accumulators with the heartbeats: every second, not every ten
    config.put("heartbeat.interval", "1000");
    config.put("rest.address", "localhost");
    config.put("rest.bind-address", "localhost");
    config.put("rest.port", Integer.toString(restPort));
    config.put("state.checkpoints.dir", home.checkpointsDir().toUri().toString());
    config.put("state.savepoints.dir", home.savepointsDir().toUri().toString());
    config.put("web.upload.dir", home.uploadDir().toString());
    config.put("io.tmp.dirs", home.tmpDir().toString());
    config.putAll(extra);
    StringBuilder yaml = new StringBuilder("# Written by CDC Wizard for its local Flink cluster; rewritten at each start.\n");
    config.forEach((key, value) -> yaml.append(key).append(": '").append(value.replace("'", "''")).append("'\n"));
    Files.writeString(home.configDir().resolve(CONFIG_FILE), yaml);
    Files.writeString(home.configDir().resolve(LOG4J_FILE), log4j());
    return restPort;
  }

  private static String log4j() {
    return """
        # One log file per process (-Dlog.file), appended to: a truncating appender loses the
        # TaskManager log of a restart.
        rootLogger.level = INFO
        rootLogger.appenderRef.file.ref = MainAppender
        appender.main.name = MainAppender
        appender.main.type = File
        appender.main.append = true
        appender.main.fileName = ${sys:log.file}
        appender.main.layout.type = PatternLayout
        appender.main.layout.pattern = %d{yyyy-MM-dd HH:mm:ss,SSS} %-5p %-60c %x - %m%n
        # Flink CDC logs its Debezium configuration, password included, at INFO
        logger.cdcfetch.name = org.apache.flink.cdc.connectors.postgres.source.fetch.PostgresSourceFetchTaskContext
        logger.cdcfetch.level = WARN
        logger.pekko.name = org.apache.pekko
        logger.pekko.level = INFO
        logger.kafka.name = org.apache.kafka
        logger.kafka.level = WARN
        logger.hadoop.name = org.apache.hadoop
        logger.hadoop.level = WARN
        """;
  }

  /** Whether nothing listens on {@code port} of this machine's loopback address now. */
  public static boolean isFree(int port) {
    try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("No free local port", e);
    }
  }
}
