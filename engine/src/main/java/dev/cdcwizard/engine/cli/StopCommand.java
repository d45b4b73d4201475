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
@Command(name = "stop", mixinStandardHelpOptions = true,
    description = "Stops a job with a savepoint (resume from it with 'resume'), or cancels it;"
        + " with --pipeline, then reports its replication slot.")
final class StopCommand extends FlinkCommand {
  private static final Duration TIMEOUT = Duration.ofMinutes(5);

  @Parameters(paramLabel = "JOB", description = "The Flink job id.")
  String jobId;

  @Option(names = "--savepoint", paramLabel = "DIR",
      description = "Where to write the savepoint (default: the cluster's state.savepoints.dir).")
  String savepointDir;

  @Option(names = "--cancel", description = "Cancel without a savepoint; the last retained checkpoint stays.")
  boolean cancel;

  @Option(names = "--pipeline", paramLabel = "FILE", description = "The job's pipeline YAML, to report its slot.")
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
