package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.KeySuggestion;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A first word that names no command ({@code cdc-wizard compact x.yaml}) is invalid input, told in the
 * user's language with the nearest command, also when {@code --help} follows it: picocli would answer
 * "Unmatched arguments" with the whole usage, or print the help and exit 0. Any other mistake on the
 * command line is told by {@link BadArguments}. Before it runs the command, it sets the help's language to
 * the one {@code --lang} asked for.
 */
final class UnknownCommand implements IParameterExceptionHandler, IExecutionStrategy {
  @Override
  public int handleParseException(ParameterException exception, String[] args) throws Exception {
    CommandLine command = exception.getCommandLine();
    if (exception instanceof UnmatchedArgumentException unmatched && command.getParent() == null) {
      Optional<String> word = firstWord(unmatched.getUnmatched());
      if (word.isPresent()) {
        return tell(command, word.get());
      }
    }
    return BadArguments.tell(exception);
  }

  @Override
  public int execute(ParseResult parseResult) throws CommandLine.ExecutionException, ParameterException {
    Optional<String> word = parseResult.subcommand() == null ? firstWord(parseResult.unmatched()) : Optional.empty();
    if (word.isPresent()) {
      return tell(parseResult.commandSpec().commandLine(), word.get());
    }
    // --lang is parsed now; RunLast prints the help a --help or the help command asks for
    CdcWizardCli.speakHelpIn(parseResult.commandSpec().commandLine());
    return new CommandLine.RunLast().execute(parseResult);
  }

  private static Optional<String> firstWord(List<String> unmatched) {
    return unmatched.stream().filter(arg -> !arg.startsWith("-")).findFirst();
  }

  private static int tell(CommandLine root, String word) {
    Optional<String> nearest = KeySuggestion.nearest(word, root.getSubcommands().keySet());
    UserMessage message = nearest.map(command -> UserMessage.of(EngineMessage.UNKNOWN_COMMAND_NEAREST, word, command))
        .orElseGet(() -> UserMessage.of(EngineMessage.UNKNOWN_COMMAND, word));
    root.getErr().println(message.text(((CdcWizardCli) root.getCommandSpec().userObject()).locale()));
    root.getErr().flush();
    return ExitCode.INVALID_INPUT;
  }
}
