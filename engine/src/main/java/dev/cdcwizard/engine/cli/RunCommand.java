package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.launch.EmbeddedPipelineRun;
import dev.cdcwizard.engine.launch.LaunchOptions;
import dev.cdcwizard.engine.launch.local.LocalClusterHome;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Locale;
import java.util.concurrent.Callable;
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
  /** Checkpoints alone move every few seconds; a line for them only this often. */
  private static final long QUIET_LINE_MILLIS = 30_000;

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
      definition = definition(out);
    } catch (InvalidOptionException e) {
      err.println("INVALID " + file + ": " + e.getMessage());
      return 1;
    }
    // checkpoints retained in the data folder, so that a cancelled run can be resumed from one
    String checkpoints = LocalClusterHome.defaultHome().checkpointsDir().toUri().toString();
    try (EmbeddedPipelineRun run = EmbeddedPipelineRun.start(definition, new LaunchOptions(savepoint, checkpoints))) {
      Thread hook = new Thread(() -> stopOnInterrupt(run, out), "cdc-wizard-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
      out.println("Flink job " + run.jobId() + " started; Web UI " + run.webUi());
      out.println("Tables: " + run.prepared().sourceTables().keySet() + " -> " + run.prepared().targets());
      out.flush();
      int exit = follow(run, out, err);
      Runtime.getRuntime().removeShutdownHook(hook);
      return exit;
    } catch (PostgresConnectionException e) {
      LOG.debug("No connection to the source", e);
      err.println(e.problem().english());
      err.println(e.fix().english());
      return 1;
    } catch (SQLException e) {
      LOG.error("Reading the source catalog failed", e);
      err.println("Cannot read the source tables: SQL error " + e.getSQLState() + ": " + e.getMessage());
      return 1;
    } catch (RuntimeException | LinkageError e) {
      LOG.error("The pipeline could not start", e);
      err.println("Cannot start the pipeline: " + rootCause(e).getMessage());
      return 1;
    }
  }

  private PipelineDefinition definition(PrintWriter out) throws IOException {
    PipelineImport imported = new PipelineYamlImporter().importFile(file);
    imported.report().keptButUnused().forEach(line -> out.println("note: " + line));
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
    String lastRows = "";
    long lastPrinted = 0;
    while (true) {
      JobStatus status = run.status();
      if (status.isGloballyTerminalState()) {
        if (status == JobStatus.FAILED) {
          Throwable failure = run.failure();
          LOG.error("Flink job {} failed", run.jobId(), failure);
          err.println("The pipeline failed: " + (failure == null ? "no cause reported" : rootCause(failure).getMessage()));
          return 1;
        }
        out.println("Flink job " + run.jobId() + " ended: " + status);
        return status == JobStatus.FINISHED || status == JobStatus.CANCELED ? 0 : 1;
      }
      PipelineProgress progress = run.progress();
      String rows = status + " " + progress;
      long now = System.currentTimeMillis();
      if (!rows.equals(lastRows) || now - lastPrinted >= QUIET_LINE_MILLIS) {
        out.println(progressLine(status, progress, run.completedCheckpoints()));
        out.flush();
        lastRows = rows;
        lastPrinted = now;
      }
      Thread.sleep(POLL_MILLIS);
    }
  }

  static String progressLine(JobStatus status, PipelineProgress progress, long checkpoints) {
    StringBuilder line = new StringBuilder(status.name().toLowerCase(Locale.ROOT));
    line.append(": rows snapshotted ").append(progress.totalSnapshotRows());
    progress.snapshotRows().forEach((table, rows) -> line.append(" [").append(table).append(' ').append(rows).append(']'));
    line.append(", changes streamed ").append(progress.totalStreamedChanges());
    line.append(", checkpoints committed ").append(checkpoints);
    return line.toString();
  }

  private static void stopOnInterrupt(EmbeddedPipelineRun run, PrintWriter out) {
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
