package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.admission.PipelineAdmission;
import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.admission.Refusal;
import dev.cdcwizard.engine.export.ExportBundle;
import dev.cdcwizard.engine.export.ExportOptions;
import dev.cdcwizard.engine.yaml.PipelineImport;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code export FILE --output DIR|ZIP}: the bundle to run the pipeline with flink-cdc.sh. */
@Command(name = "export", mixinStandardHelpOptions = true)
public final class ExportCommand implements Callable<Integer> {
  @Spec
  private CommandSpec spec;

  @Parameters(paramLabel = "FILE", descriptionKey = "cli.help.common.pipelineFile")
  private Path file;

  @Option(names = {"-o", "--output"}, required = true, paramLabel = "DIR|ZIP",
      descriptionKey = "cli.help.export.output")
  private Path output;

  @Option(names = "--include-password", descriptionKey = "cli.help.export.includePassword")
  private boolean includePassword;

  @Option(names = "--role", paramLabel = "NAME", descriptionKey = "cli.help.export.role")
  private String role;

  @Override
  public Integer call() throws Exception {
    PipelineImport imported = PipelineFile.read(file);
    Locale locale = ((CdcWizardCli) spec.root().userObject()).locale();
    ExportBundle bundle = ExportBundle.create(imported.definition(), imported.keptKeys(),
        new ExportOptions(includePassword, role, locale));
    bundle.writeTo(output);
    spec.commandLine().getOut().println((includePassword ? CliMessage.EXPORTED_WITH_PASSWORD : CliMessage.EXPORTED)
        .format(locale, String.join(", ", bundle.files().keySet()), output));
    List<Refusal> refusals = PipelineAdmission.checkDefinition(imported.definition());
    if (!refusals.isEmpty()) {
      // the bundle is for flink-cdc.sh, which can run what this engine refuses
      spec.commandLine().getOut()
          .println(CliMessage.NOTE.format(locale, new PipelineRefusedException(refusals).text(locale)));
    }
    return ExitCode.OK;
  }
}
