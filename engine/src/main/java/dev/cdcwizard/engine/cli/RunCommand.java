package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.flink.api.common.JobStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code run FILE}: runs a pipeline on an embedded Flink until interrupted, printing its progress. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = "Runs a pipeline YAML on an embedded Flink cluster until interrupted (Ctrl-C).")
public final class RunCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(RunCommand.class);
  private static final long POLL_MILLIS = 2000;

  @Spec
  private CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "The pipeline YAML, as flink-cdc.sh reads it.")
  private Path file;

  @Option(names = "--checkpoint-interval",
      description = "Flink checkpoint interval, e.g. 3s (default: execution.checkpointing.interval, else 3s).")
  private String checkpointInterval;

  @Option(names = "--from-savepoint", paramLabel = "PATH",
      description = "Resume from a savepoint or retained checkpoint.")
  private String savepoint;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    PipelineDefinition definition;
    try {
      definition = definition();
    } catch (InvalidOptionException e) {
      err.println("INVALID " + file + ": " + e.getMessage());
      return 1;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    // checkpoints retained in the data folder, so that a cancelled run can be resumed from one
    String checkpoints = LocalClusterHome.defaultHome().checkpointsDir().toUri().toString();
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(definition, new LaunchOptions(savepoint, checkpoints))) {
      Thread hook = new Thread(() -> stopOnInterrupt(run, out, stopped), "cdc-wizard-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
      out.println("Flink job " + run.jobId() + " started; Web UI " + run.webUi());
      out.println("Tables: " + run.prepared().sourceTables().keySet() + " -> " + run.prepared().targets());
      out.flush();
      int exit = follow(run, out, err);
      Runtime.getRuntime().removeShutdownHook(hook);
      return exit;
    } catch (IllegalStateException e) {
      err.println("Cannot start the pipeline: " + e.getMessage());
      return 1;
    } finally {
      stopped.countDown();
    }
  }

  private PipelineDefinition definition() throws java.io.IOException {
    PipelineImport imported = new PipelineYamlImporter().importFile(file);
    if (!imported.definition().transforms().isEmpty()) {
      throw new InvalidOptionException("transform", null,
          "is not run by CDC Wizard's engine: run this pipeline with flink-cdc.sh, or remove the transform");
    }
    if (checkpointInterval == null) {
      return imported.definition();
    }
    try {
      return PipelineDefinitionBuilder.from(imported.definition())
          .checkpointInterval(DurationParser.parse(checkpointInterval)).build();
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException("--checkpoint-interval", null, "'" + checkpointInterval + "' is not a duration");
    }
  }

  private static int follow(EmbeddedPipelineRun run, PrintWriter out, PrintWriter err) throws Exception {
    String last = "";
    while (true) {
      JobStatus status = run.status();
      if (status.isGloballyTerminalState()) {
        Throwable failure = run.failure();
        if (status == JobStatus.FAILED && failure != null) {
          LOG.error("Flink job {} failed", run.jobId(), failure);
          err.println("The pipeline failed: " + rootCause(failure).getMessage());
          return 1;
        }
        out.println("Flink job " + run.jobId() + " ended: " + status);
        return 0;
      }
      String line = progressLine(status, run.progress(), run.completedCheckpoints());
      if (!line.equals(last)) {
        out.println(line);
        out.flush();
        last = line;
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  static String progressLine(JobStatus status, PipelineProgress progress, long checkpoints) {
    StringBuilder line = new StringBuilder(status.name().toLowerCase(java.util.Locale.ROOT));
    line.append(": rows snapshotted ").append(progress.totalSnapshotRows());
    progress.snapshotRows().forEach((table, rows) -> line.append(" [").append(table).append(' ').append(rows).append(']'));
    line.append(", changes streamed ").append(progress.totalStreamedChanges());
    line.append(", checkpoints committed ").append(checkpoints);
    return line.toString();
  }

  private static void stopOnInterrupt(EmbeddedPipelineRun run, PrintWriter out, CountDownLatch stopped) {
    if (stopped.getCount() == 0) {
      return;
    }
    try {
      out.println("Stopping: cancelling Flink job " + run.jobId());
      out.flush();
      run.close();
    } catch (Exception e) {
      LOG.warn("Stopping the pipeline failed", e);
    }
  }

  private static Throwable rootCause(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause;
  }
}
