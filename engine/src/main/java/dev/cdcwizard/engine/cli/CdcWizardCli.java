package dev.cdcwizard.engine.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command-line entry point of the engine, started by the {@code cdc-wizard} script. */
@Command(
    name = "cdc-wizard",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Streams PostgreSQL tables into Apache Iceberg with a Flink CDC pipeline YAML.",
    subcommands = {
      CommandLine.HelpCommand.class,
      RunCommand.class,
      ValidateCommand.class,
      ExportCommand.class,
      CheckCommand.class,
      TablesCommand.class,
      PublicationCommand.class,
      SlotsCommand.class,
      DropSlotCommand.class,
      SubmitCommand.class,
      StatusCommand.class,
      StopCommand.class,
      ResumeCommand.class,
      PreviewCommand.class,
      ClusterCommand.class
    })
public final class CdcWizardCli {

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  public static int execute(String... args) {
    return new CommandLine(new CdcWizardCli()).setCaseInsensitiveEnumValuesAllowed(true).execute(args);
  }
}
