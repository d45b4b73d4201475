package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.launch.LaunchRequest;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.PipelineRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code submit --target embedded|local|remote [--rest URL] FILE}: starts a pipeline where Flink is. */
@Command(name = "submit", mixinStandardHelpOptions = true)
final class SubmitCommand extends FlinkCommand {
  enum Target { EMBEDDED, LOCAL, REMOTE }

  @Option(names = "--target", required = true, descriptionKey = "cli.help.submit.target")
  Target target;

  @Option(names = "--from", paramLabel = "PATH", descriptionKey = "cli.help.submit.from")
  String savepoint;

  @Option(names = "--checkpoint-dir", paramLabel = "URI", descriptionKey = "cli.help.submit.checkpointDir")
  String checkpointDir;

  @Option(names = "--fresh", descriptionKey = "cli.help.submit.fresh")
  boolean fresh;

  @Mixin
  AcceptedRewriteOption acceptedRewrites;

  @Parameters(paramLabel = "FILE", descriptionKey = "cli.help.common.pipelineFile")
  Path file;

  @Override
  int run(PrintWriter out) throws Exception {
    if (target == Target.EMBEDDED) {
      // run follows the job in this process until it ends or Ctrl-C; under a root, which gives it the language
      List<String> args = new ArrayList<>(List.of("--lang", locale().toLanguageTag(), "run", file.toString()));
      if (savepoint != null) {
        args.addAll(List.of("--from-savepoint", savepoint));
      }
      if (fresh) {
        args.add("--fresh");
      }
      args.addAll(acceptedRewrites.asArguments());
      String[] run = args.toArray(String[]::new);
      return CdcWizardCli.commandLine(run).setOut(out).setErr(err()).execute(run);
    }
    if (target == Target.REMOTE && restUrl == null) {
      err().println(CliMessage.SUBMIT_REST_REQUIRED.format(locale()));
      return ExitCode.FAILED;
    }
    LaunchTarget where = target == Target.LOCAL ? LaunchTarget.LOCAL_CLUSTER : LaunchTarget.REMOTE_CLUSTER;
    try (PipelineRun job = launcher().start(
        new LaunchRequest(acceptedRewrites.applyTo(PipelineFile.read(file)), where, restUrl, fresh, savepoint, checkpointDir),
        phase -> out.println(phase.text(locale())))) {
      out.println(CliMessage.SUBMITTED.format(locale(), job.jobId(), job.webUi()));
      out.println(CliMessage.SUBMIT_FOLLOW.format(locale(), job.restUrl().orElseThrow(), job.jobId()));
      job.startNotes().forEach(note -> out.println(note.text(locale())));
    }
    return ExitCode.OK;
  }
}
