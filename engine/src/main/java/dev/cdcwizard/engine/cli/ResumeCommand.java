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
@Command(name = "resume", mixinStandardHelpOptions = true)
final class ResumeCommand extends FlinkCommand {
  @Option(names = "--from", required = true, paramLabel = "PATH", descriptionKey = "cli.help.resume.from")
  String savepoint;

  @Option(names = "--checkpoint-dir", paramLabel = "URI", descriptionKey = "cli.help.resume.checkpointDir")
  String checkpointDir;

  @Mixin
  AcceptedRewriteOption acceptedRewrites;

  @Parameters(paramLabel = "FILE", descriptionKey = "cli.help.common.pipelineFile")
  Path file;

  @Override
  int run(PrintWriter out) throws Exception {
    LaunchTarget where = restUrl == null ? LaunchTarget.LOCAL_CLUSTER : LaunchTarget.REMOTE_CLUSTER;
    try (PipelineRun job = launcher().start(
        new LaunchRequest(acceptedRewrites.applyTo(PipelineFile.read(file)), where, restUrl, false, savepoint, checkpointDir),
        phase -> out.println(phase.text(locale())))) {
      out.println(CliMessage.RESUMED.format(locale(), job.jobId(), savepoint, job.webUi()));
    }
    return ExitCode.OK;
  }
}
