package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.admission.PipelineAdmission;
import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.job.PipelineJobFactory;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineYamlReader;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code validate FILE}: OK and a summary, or only the error naming the key and its line, or the refusal. Asks the same
 * check as every start ({@link PipelineAdmission}) of what needs no database, and with {@code --connect} of
 * the source and the target too.
 */
@Command(name = "validate", mixinStandardHelpOptions = true)
public final class ValidateCommand implements Callable<Integer> {
  @Spec
  private CommandSpec spec;

  @Parameters(paramLabel = "FILE", descriptionKey = "cli.help.common.pipelineFile")
  private Path file;

  @Option(names = "--strict", descriptionKey = "cli.help.validate.strict")
  private boolean strict;

  @Option(names = "--connect", descriptionKey = "cli.help.validate.connect")
  private boolean connect;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    CdcWizardCli root = (CdcWizardCli) spec.root().userObject();
    PipelineImport imported = strict ? null : PipelineFile.read(file);
    PipelineDefinition definition = strict ? strictRead() : imported.definition();
    List<Refusal> refusals = PipelineAdmission.checkDefinition(definition);
    if (!refusals.isEmpty()) {
      throw new PipelineRefusedException(refusals);
    }
    List<UserMessage> told = connect ? new PipelineJobFactory().check(definition) : List.of();
    out.println(CliMessage.VALIDATE_OK.format(root.locale(), file));
    told.forEach(note -> out.println("  " + CliMessage.NOTE.format(root.locale(), note.text(root.locale()))));
    if (imported != null) {
      imported.report().keptButUnused()
          .forEach(note -> out.println("  " + CliMessage.NOTE.format(root.locale(), note.text(root.locale()))));
    }
    out.println(PipelineSummary.of(definition, root.locale()));
    return ExitCode.OK;
  }

  private PipelineDefinition strictRead() throws Exception {
    String yaml = Files.readString(file);
    try {
      return new PipelineYamlReader().read(yaml);
    } catch (InvalidOptionException e) {
      throw new InvalidPipelineFileException(file, e);
    }
  }
}
