package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.launch.LaunchRequest;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.PipelineRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code resume [--rest URL] --from PATH FILE}: starts a stopped pipeline where it stopped. */
@Command(name = "resume", mixinStandardHelpOptions = true,
    description = "Starts a pipeline again from a savepoint ('stop' prints it) or a retained checkpoint"
        + " (<state.checkpoints.dir>/<job id>/chk-<n>).")
final class ResumeCommand extends FlinkCommand {
  @Option(names = "--from", required = true, paramLabel = "PATH", description = "The savepoint or checkpoint.")
  String savepoint;

  @Option(names = "--checkpoint-dir", paramLabel = "URI", description = "state.checkpoints.dir for this job.")
  String checkpointDir;

  @Mixin
  AcceptedRewriteOption acceptedRewrites;

  @Parameters(paramLabel = "FILE", description = "The pipeline YAML.")
  Path file;

  @Override
  int run(PrintWriter out) throws Exception {
    LaunchTarget where = restUrl == null ? LaunchTarget.LOCAL_CLUSTER : LaunchTarget.REMOTE_CLUSTER;
    try (PipelineRun job = launcher().start(
        new LaunchRequest(acceptedRewrites.applyTo(PipelineFile.read(file)), where, restUrl, false, savepoint, checkpointDir))) {
      out.println(CliMessage.RESUMED.format(locale(), job.jobId(), savepoint, job.webUi()));
    }
    return ExitCode.OK;
  }
}
