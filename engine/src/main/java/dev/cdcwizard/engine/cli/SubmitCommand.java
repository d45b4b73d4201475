package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.launch.ClusterPipelineLauncher;
import dev.cdcwizard.engine.launch.JobJar;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.SubmittedPipeline;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.launch.local.LocalFlinkCluster;
import dev.cdcwizard.engine.launch.rest.FlinkRestClient;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code submit --target embedded|local|remote [--rest URL] FILE}: starts a pipeline where Flink is. */
@Command(name = "submit", mixinStandardHelpOptions = true,
    description = "Starts a pipeline: embedded (in this process, like 'run'), on the local cluster"
        + " (started if needed) or on a remote Flink 1.20 session cluster (--rest).")
final class SubmitCommand extends FlinkCommand {
  enum Target { EMBEDDED, LOCAL, REMOTE }

  @Option(names = "--target", required = true, description = "embedded, local or remote.")
  Target target;

  @Option(names = "--from", paramLabel = "PATH", description = "Resume from a savepoint or retained checkpoint.")
  String savepoint;

  @Option(names = "--checkpoint-dir", paramLabel = "URI",
      description = "state.checkpoints.dir for this job (default: the cluster's; the local cluster's is in its home).")
  String checkpointDir;

  @Option(names = "--fresh",
      description = "Start over: empty the target tables, then copy the source again (without --from).")
  boolean fresh;

  @Parameters(paramLabel = "FILE", description = "The pipeline YAML.")
  Path file;

  @Override
  int run(PrintWriter out) throws Exception {
    if (target == Target.EMBEDDED) {
      List<String> args = new ArrayList<>(List.of(file.toString()));
      if (savepoint != null) {
        args.addAll(List.of("--from-savepoint", savepoint));
      }
      if (fresh) {
        args.add("--fresh");
      }
      return new CommandLine(new RunCommand()).setOut(out).setErr(err()).execute(args.toArray(String[]::new));
    }
    FlinkRestClient client;
    if (target == Target.LOCAL) {
      client = LocalFlinkCluster.startOrReuse(LocalClusterHome.defaultHome()).client();
    } else if (restUrl == null) {
      err().println("--target remote needs --rest URL, the REST address of the Flink cluster");
      return ExitCode.FAILED;
    } else {
      client = client();
    }
    SubmittedPipeline job = new ClusterPipelineLauncher(client, JobJar.locate())
        .submit(PipelineFile.text(file), new LaunchOptions(savepoint, checkpointDir), fresh);
    out.println("Flink job " + job.jobId() + " submitted; Web UI " + job.webUi());
    out.println("Follow it with: cdc-wizard status --rest " + job.restUrl() + " " + job.jobId());
    return 0;
  }
}
