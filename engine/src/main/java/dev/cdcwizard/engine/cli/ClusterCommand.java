package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.launch.local.LocalClusterConfig;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cluster start|stop|status}: the local Flink session cluster, which outlives this command. A jar given
 * to {@code start --jar} is copied into the cluster's {@code lib} folder, which every later start loads too.
 */
@Command(name = "cluster", mixinStandardHelpOptions = true)
final class ClusterCommand {
  @Spec
  CommandSpec spec;

  @Option(names = "--home", paramLabel = "DIR", scope = picocli.CommandLine.ScopeType.INHERIT,
      descriptionKey = "cli.help.cluster.home")
  Path home;

  @Command(name = "start")
  int start(@Option(names = "--rest-port", paramLabel = "PORT", defaultValue = "0",
      descriptionKey = "cli.help.cluster.restPort")
      int restPort,
      @Option(names = "--conf", paramLabel = "KEY=VALUE", descriptionKey = "cli.help.cluster.conf")
      Map<String, String> configuration,
      @Option(names = "--jar", paramLabel = "JAR", descriptionKey = "cli.help.cluster.jar")
      List<Path> jars) throws Exception {
    Map<String, String> extra = configuration == null ? Map.of() : configuration;
    List<Path> added = jars == null ? List.of() : jars;
    Optional<Path> unreadable = added.stream()
        .filter(jar -> !Files.isReadable(jar) || !jar.getFileName().toString().endsWith(".jar")).findFirst();
    if (unreadable.isPresent()) {
      err().println(CliMessage.CLUSTER_JAR_UNREADABLE.format(locale(), unreadable.get()));
      return ExitCode.INVALID_INPUT;
    }
    List<String> own = extra.keySet().stream().filter(LocalClusterConfig.OWN_KEYS::contains).sorted().toList();
    if (!own.isEmpty()) {
      err().println(CliMessage.CLUSTER_CONF_OWN_KEY.format(locale(), String.join(", ", own)));
      return ExitCode.INVALID_INPUT;
    }
    boolean running = LocalFlinkCluster.findRunning(home()).isPresent();
    if (restPort != 0 && !running && !LocalClusterConfig.isFree(restPort)) {
      err().println(CliMessage.CLUSTER_PORT_TAKEN.format(locale(), restPort));
      return ExitCode.INVALID_INPUT;
    }
    if (running && !extra.isEmpty()) {
      err().println(CliMessage.CLUSTER_CONF_NOT_APPLIED.format(locale()));
    }
    if (running && !added.isEmpty()) {
      err().println(CliMessage.CLUSTER_JARS_NOT_APPLIED.format(locale(), home().libDir()));
    } else if (!added.isEmpty()) {
      Files.createDirectories(home().libDir());
      for (Path jar : added) {
        Files.copy(jar, home().libDir().resolve(jar.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    LocalFlinkCluster cluster = LocalFlinkCluster.startOrReuse(home(), restPort, extra,
        phase -> out().println(phase.text(locale())));
    out().println(CliMessage.CLUSTER_STARTED.format(locale(), cluster.restUrl(), cluster.home().logDir()));
    return 0;
  }

  @Command(name = "stop")
  int stop() throws Exception {
    Optional<LocalFlinkCluster> cluster = LocalFlinkCluster.findRunning(home());
    if (cluster.isEmpty()) {
      out().println(CliMessage.CLUSTER_NONE.format(locale()));
      return 0;
    }
    cluster.get().stop();
    out().println(CliMessage.CLUSTER_STOPPED.format(locale(), cluster.get().restUrl()));
    return 0;
  }

  @Command(name = "status")
  int status() throws Exception {
    Optional<LocalFlinkCluster> cluster = LocalFlinkCluster.findRunning(home());
    if (cluster.isEmpty()) {
      out().println(CliMessage.CLUSTER_NONE.format(locale()));
      return ExitCode.FAILED;
    }
    List<Long> taskManagers = cluster.get().liveTaskManagerPids();
    if (taskManagers.isEmpty()) {
      out().println(CliMessage.CLUSTER_NO_TASK_MANAGER.format(locale(), cluster.get().restUrl(),
          cluster.get().jobManagerPid()));
      return ExitCode.FAILED;
    }
    out().println(CliMessage.CLUSTER_RUNNING.format(locale(), cluster.get().restUrl(), cluster.get().jobManagerPid(),
        taskManagers));
    return 0;
  }

  private LocalClusterHome home() {
    return home == null ? LocalClusterHome.defaultHome() : new LocalClusterHome(home);
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }

  private PrintWriter err() {
    return spec.commandLine().getErr();
  }

  private Locale locale() {
    return ((CdcWizardCli) spec.root().userObject()).locale();
  }
}
