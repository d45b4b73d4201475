package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.launch.PipelineSlots;
import dev.cdcwizard.engine.flinkrest.FlinkJobs;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code stop [--rest URL] [--savepoint DIR | --cancel] [--pipeline FILE] JOB}. */
@Command(name = "stop", mixinStandardHelpOptions = true)
final class StopCommand extends FlinkCommand {
  private static final Duration TIMEOUT = Duration.ofMinutes(5);

  @Parameters(paramLabel = "JOB", descriptionKey = "cli.help.common.jobId")
  String jobId;

  @Option(names = "--savepoint", paramLabel = "DIR", descriptionKey = "cli.help.stop.savepoint")
  String savepointDir;

  @Option(names = "--cancel", descriptionKey = "cli.help.stop.cancel")
  boolean cancel;

  @Option(names = "--pipeline", paramLabel = "FILE", descriptionKey = "cli.help.stop.pipeline")
  Path pipeline;

  @Override
  int run(PrintWriter out) throws Exception {
    FlinkJobs jobs = new FlinkJobs(client());
    if (cancel) {
      jobs.cancel(jobId);
      String state = jobs.awaitState(jobId, Set.of("CANCELED"), TIMEOUT);
      out.println(CliMessage.STOP_CANCELLED.format(locale(), jobId, state));
      jobs.retainedCheckpointPath(jobId)
          .ifPresent(path -> out.println(CliMessage.STOP_LATEST_CHECKPOINT.format(locale(), path)));
    } else {
      String savepoint = jobs.stopWithSavepoint(jobId, savepointDir, TIMEOUT);
      out.println(CliMessage.STOP_SAVEPOINT.format(locale(), jobId, savepoint));
    }
    if (pipeline != null) {
      JobReportPrinter.print(new PipelineSlots(PipelineFile.read(pipeline).definition().source())
          .status(), out, locale());
    }
    return 0;
  }
}
