package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.flinkrest.FlinkRestClient;
import dev.cdcwizard.engine.flinkrest.FlinkRestException;
import dev.cdcwizard.engine.flinkrest.FlinkRestMessage;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A command that talks to a Flink cluster's REST API: the one given by {@code --rest}, else the local
 * cluster CDC Wizard started. A cluster that cannot be reached or refuses reaches {@link CliErrors}.
 */
abstract class FlinkCommand implements Callable<Integer> {

  @Spec
  CommandSpec spec;

  @Option(names = "--rest", paramLabel = "URL", descriptionKey = "cli.help.flink.rest")
  URI restUrl;

  @Option(names = "--home", paramLabel = "DIR", descriptionKey = "cli.help.flink.home")
  Path home;

  @Override
  public final Integer call() throws Exception {
    return run(spec.commandLine().getOut());
  }

  abstract int run(PrintWriter out) throws Exception;

  FlinkRestClient client() throws Exception {
    if (restUrl != null) {
      return new FlinkRestClient(restUrl);
    }
    Optional<LocalFlinkCluster> local = LocalFlinkCluster.findRunning(localHome());
    if (local.isEmpty()) {
      throw new FlinkRestException(FlinkRestMessage.NO_CLUSTER);
    }
    return local.get().client();
  }

  /** The local cluster's folder: {@code --home}, or the default one. */
  LocalClusterHome localHome() {
    return home == null ? LocalClusterHome.defaultHome() : new LocalClusterHome(home);
  }

  /** The engine's launcher, with the local cluster in {@link #localHome()}. */
  PipelineLauncher launcher() {
    return PipelineLauncher.standard(localHome());
  }

  PrintWriter err() {
    return spec.commandLine().getErr();
  }

  Locale locale() {
    return ((CdcWizardCli) spec.root().userObject()).locale();
  }
}
