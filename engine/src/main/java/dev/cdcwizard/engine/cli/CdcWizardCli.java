package dev.cdcwizard.engine.cli;

import dev.cdcwizard.i18n.Localization;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The command-line entry point of the engine, started by the {@code cdc-wizard} script. Its help texts (the
 * descriptions of the commands, options and parameters, and the headings) are in the i18n bundles only, read
 * by picocli in the language of {@link #locale()}; see {@link #speakHelpIn}.
 */
@Command(
    name = "cdc-wizard",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class)
public final class CdcWizardCli {
  /** In the order the help lists them. */
  private static final List<Class<?>> COMMANDS = List.of(
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
      TableHealthCommand.class,
      ExpireSnapshotsCommand.class,
      RemoveOrphanFilesCommand.class,
      CompactCommand.class,
      WidenColumnCommand.class,
      VerifyCommand.class,
      ClusterCommand.class);

  /** The JVM's display language (from LANG on Linux and macOS) until --lang says otherwise. */
  private Locale locale = Localization.supportedLocaleFor(Locale.getDefault(Locale.Category.DISPLAY));

  @Option(names = "--lang", paramLabel = "LANG", scope = ScopeType.INHERIT, descriptionKey = "cli.help.common.lang")
  void language(String tag) {
    locale = Localization.supportedLocaleFor(Locale.forLanguageTag(tag.replace('_', '-')));
  }

  Locale locale() {
    return locale;
  }

  public static void main(String[] args) {
    CliLogging.configure();
    System.exit(commandLine(args).execute(args));
  }

  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  /** The command line with every command and its error handling: what tests run. */
  public static CommandLine commandLine() {
    return configured(COMMANDS);
  }

  /**
   * The command line for {@code args}: with only the command they name, when they name one. Picocli
   * reads the options of every command it is given at the start, and a cold JVM takes a few tenths of a
   * second for all of them, which a {@code run} pays before its first row. Without a command name (help,
   * a typo to suggest a command for) it has them all.
   */
  static CommandLine commandLine(String... args) {
    Map<String, Class<?>> byName = new HashMap<>();
    COMMANDS.forEach(command -> byName.put(command.getAnnotation(Command.class).name(), command));
    for (String arg : args) {
      Class<?> named = byName.get(arg);
      if (named != null) {
        return configured(named == CommandLine.HelpCommand.class ? COMMANDS : List.of(named));
      }
    }
    return commandLine();
  }

  /** Settings last: picocli gives them to the commands it has at that moment. */
  private static CommandLine configured(List<Class<?>> commands) {
    CommandLine commandLine = new CommandLine(new CdcWizardCli());
    commands.forEach(commandLine::addSubcommand);
    UnknownCommand unknown = new UnknownCommand();
    return speakHelpIn(commandLine.setCaseInsensitiveEnumValuesAllowed(true)
        .setExecutionExceptionHandler(new CliErrors()).setParameterExceptionHandler(unknown)
        .setExecutionStrategy(unknown));
  }

  /**
   * Gives the root and every command under it the bundle of the root's language: the system's when built,
   * the one {@code --lang} names once the arguments are parsed ({@link UnknownCommand} calls this again before
   * any help is printed). Picocli looks a command's description up as {@code <qualified name>.usage.description}
   * ({@code cdc-wizard.publication.create.usage.description}), an option's or parameter's by its
   * {@code descriptionKey}, each first qualified by the command's name, then as it is.
   */
  static CommandLine speakHelpIn(CommandLine root) {
    Locale locale = ((CdcWizardCli) root.getCommandSpec().userObject()).locale();
    return root.setResourceBundle(Localization.bundle(locale));
  }
}
