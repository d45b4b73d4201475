package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code cluster start|stop|status}: the local Flink session cluster, which outlives this command. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
    description = "Starts, stops or shows the local Flink 1.20 session cluster (JobManager and TaskManager processes).")
final class ClusterCommand {
  @Spec
  CommandSpec spec;

  @Option(names = "--home", paramLabel = "DIR", scope = picocli.CommandLine.ScopeType.INHERIT,
      description = "The cluster's folder (default: the user data folder's cdc-wizard/flink).")
  Path home;

  @Command(name = "start", description = "Starts the cluster, or reuses the running one.")
  int start() throws Exception {
    LocalFlinkCluster cluster = LocalFlinkCluster.startOrReuse(home());
    out().println("Local Flink cluster: Web UI " + cluster.restUrl() + ", logs in " + cluster.home().logDir());
    return 0;
  }

  @Command(name = "stop", description = "Stops the cluster's processes; running jobs end with it.")
  int stop() throws Exception {
    Optional<LocalFlinkCluster> cluster = LocalFlinkCluster.findRunning(home());
    if (cluster.isEmpty()) {
      out().println("No local Flink cluster runs.");
      return 0;
    }
    cluster.get().stop();
    out().println("Local Flink cluster at " + cluster.get().restUrl() + " stopped.");
    return 0;
  }

  @Command(name = "status", description = "Says whether the cluster runs, and where.")
  int status() throws Exception {
    Optional<LocalFlinkCluster> cluster = LocalFlinkCluster.findRunning(home());
    if (cluster.isEmpty()) {
      out().println("No local Flink cluster runs.");
      return ExitCode.FAILED;
    }
    out().println("Local Flink cluster runs: Web UI " + cluster.get().restUrl() + ", JobManager pid "
        + cluster.get().jobManagerPid() + ", TaskManager pids " + cluster.get().taskManagerPids());
    return 0;
  }

  private LocalClusterHome home() {
    return home == null ? LocalClusterHome.defaultHome() : new LocalClusterHome(home);
  }

  private PrintWriter out() {
    return spec.commandLine().getOut();
  }
}
