package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.job.PipelineProgress;
import dev.cdcwizard.engine.launch.LaunchRequest;
import dev.cdcwizard.engine.launch.LaunchTarget;
import dev.cdcwizard.engine.launch.PipelineLauncher;
import dev.cdcwizard.engine.launch.PipelineRun;
import dev.cdcwizard.engine.message.PipelineMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.flink.api.common.JobStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code run FILE}: runs a pipeline on an embedded Flink until interrupted, printing its progress. A
 * second run of the same pipeline resumes from the checkpoint the first retained, however it ended.
 */
@Command(name = "run", mixinStandardHelpOptions = true)
public final class RunCommand implements Callable<Integer> {
  private static final Logger LOG = LoggerFactory.getLogger(RunCommand.class);

  @Spec
  private CommandSpec spec;

  @Parameters(paramLabel = "FILE", descriptionKey = "cli.help.run.file")
  private Path file;

  @Option(names = "--checkpoint-interval", descriptionKey = "cli.help.run.checkpointInterval")
  private String checkpointInterval;

  @Option(names = "--from-savepoint", paramLabel = "PATH", descriptionKey = "cli.help.run.fromSavepoint")
  private String savepoint;

  @Mixin
  private AcceptedRewriteOption acceptedRewrites;

  @Option(names = "--fresh", descriptionKey = "cli.help.run.fresh")
  private boolean fresh;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    PipelineImport pipeline = pipeline(out, locale);
    try (PipelineRun run = PipelineLauncher.standard().start(
        new LaunchRequest(pipeline, LaunchTarget.EMBEDDED, null, fresh, savepoint, null))) {
      Thread hook = new Thread(() -> stopOnInterrupt(run, out, locale), "cdc-wizard-shutdown");
      Runtime.getRuntime().addShutdownHook(hook);
      run.startNotes().forEach(note -> out.println(note.text(locale)));
      out.println(CliMessage.RUN_TABLES.format(locale, run.prepared().sourceTables().keySet(),
          run.prepared().targets()));
      out.flush();
      int exit = new RunProgress(run, out, locale).follow();
      if (!run.closed()) {
        // after Ctrl-C the JVM is shutting down and refuses to remove a hook
        Runtime.getRuntime().removeShutdownHook(hook);
      }
      return exit;
    }
  }

  private PipelineImport pipeline(PrintWriter out, Locale locale) throws Exception {
    PipelineImport imported = acceptedRewrites.applyTo(PipelineFile.read(file));
    imported.report().keptButUnused().forEach(note -> out.println(CliMessage.NOTE.format(locale, note.text(locale))));
    if (checkpointInterval == null) {
      return imported;
    }
    try {
      return new PipelineImport(PipelineDefinitionBuilder.from(imported.definition())
          .checkpointInterval(DurationParser.parse(checkpointInterval)).build(), imported.keptKeys(), imported.report());
    } catch (IllegalArgumentException e) {
      throw new InvalidOptionException("--checkpoint-interval", null, PipelineMessage.YAML_NOT_A_DURATION,
          checkpointInterval);
    }
  }

  static String progressLine(JobStatus status, PipelineProgress progress, long checkpoints, Locale locale) {
    StringBuilder tables = new StringBuilder();
    progress.snapshotRows()
        .forEach((table, rows) -> tables.append(" [").append(table).append(' ').append(rows).append(']'));
    return CliMessage.RUN_PROGRESS.format(locale, status.name().toLowerCase(Locale.ROOT), progress.totalSnapshotRows(),
        tables.toString(), progress.totalStreamedChanges(), checkpoints);
  }

  private static void stopOnInterrupt(PipelineRun run, PrintWriter out, Locale locale) {
    try {
      out.println(CliMessage.RUN_STOPPING.format(locale, run.jobId()));
      out.flush();
      run.close();
    } catch (Exception e) {
      LOG.warn("Stopping the pipeline failed", e);
    }
  }
}
