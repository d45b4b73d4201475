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
  /** The JVM's display language (from LANG on Linux and macOS) until --lang says otherwise. */
  private Locale locale = Localization.supportedLocaleFor(Locale.getDefault(Locale.Category.DISPLAY));

  @Option(names = "--lang", paramLabel = "LANG", scope = ScopeType.INHERIT,
      description = "en or zh-CN: the language of the messages, and of the comments and texts of the files written"
          + " (default: the system's; other languages get English).")
  void language(String tag) {
    locale = Localization.supportedLocaleFor(Locale.forLanguageTag(tag.replace('_', '-')));
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
