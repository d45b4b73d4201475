package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code validate FILE}: OK and a summary, or the error naming the key (exit code 1). */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Checks a pipeline YAML as flink-cdc.sh and CDC Wizard would read it.")
public final class ValidateCommand implements Callable<Integer> {
  @Spec
  private CommandSpec spec;

  @Parameters(paramLabel = "FILE", description = "The pipeline YAML.")
  private Path file;

  @Option(names = "--strict",
      description = "Reject keys CDC Wizard's engine does not use, instead of keeping and listing them.")
  private boolean strict;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try {
      PipelineDefinition definition;
      if (strict) {
        definition = new PipelineYamlReader().read(file);
        out.println("OK " + file);
      } else {
        PipelineImport imported = new PipelineYamlImporter().importFile(file);
        definition = imported.definition();
        out.println("OK " + file);
        imported.report().keptButUnused().forEach(line -> out.println("  note: " + line));
      }
      out.println(PipelineSummary.of(definition));
      return 0;
    } catch (InvalidOptionException e) {
      err.println("INVALID " + file + ": " + e.getMessage());
      return 1;
    }
  }
}
