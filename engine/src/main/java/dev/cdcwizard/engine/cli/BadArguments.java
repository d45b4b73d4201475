package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command line that names a command but is not right for it (a value of the wrong kind, an option it
 * does not have, one it needs missing): one line in the user's language naming what, and where its
 * options are listed, instead of picocli's English text and the whole usage.
 */
final class BadArguments {
  private BadArguments() {}

  static int tell(ParameterException exception) {
    CommandLine command = exception.getCommandLine();
    String name = command.getCommandSpec().qualifiedName(" ");
    UserMessage message;
    if (exception instanceof MissingParameterException missing) {
      message = UserMessage.of(EngineMessage.CLI_ARGUMENT_MISSING, names(missing.getMissing()), name);
    } else if (exception instanceof UnmatchedArgumentException unmatched) {
      message = UserMessage.of(EngineMessage.CLI_ARGUMENT_UNKNOWN, String.join(" ", unmatched.getUnmatched()), name);
    } else if (exception.getArgSpec() != null && exception.getValue() != null) {
      message = UserMessage.of(EngineMessage.CLI_ARGUMENT_INVALID, exception.getValue(),
          names(List.of(exception.getArgSpec())), name);
    } else {
      message = UserMessage.of(EngineMessage.CLI_ARGUMENT_OTHER, exception.getMessage(), name);
    }
    command.getErr().println(message.text(((CdcWizardCli) command.getCommandSpec().root().userObject()).locale()));
    command.getErr().flush();
    return ExitCode.INVALID_INPUT;
  }

  private static String names(List<ArgSpec> specs) {
    return specs.stream().map(spec -> spec instanceof OptionSpec option ? option.longestName() : spec.paramLabel())
        .collect(Collectors.joining(", "));
  }
}
