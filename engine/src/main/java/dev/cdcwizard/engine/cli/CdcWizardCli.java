package dev.cdcwizard.engine.cli;

import dev.cdcwizard.i18n.Localization;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

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
  private Locale locale = Localization.supportedLocaleFor(Locale.getDefault());

  @Option(names = "--lang", paramLabel = "LANG", scope = ScopeType.INHERIT,
      description = "Language of the messages: en or zh (default: the system's).")
  void language(String tag) {
    locale = Localization.supportedLocaleFor(Locale.forLanguageTag(tag));
  }

  Locale locale() {
    return locale;
  }

  public static void main(String[] args) {
    CliLogging.configure();
    System.exit(execute(args));
  }

  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  /** The command line with its error handling: what main runs, and what tests run. */
  public static CommandLine commandLine() {
    return new CommandLine(new CdcWizardCli())
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setExecutionExceptionHandler(new CliErrors());
  }
}
