package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.monitor.JobFailedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * Where every command's failure ends: one message for the user on stderr, in their language, and the
 * exception in the log file, once.
 */
final class CliErrors implements IExecutionExceptionHandler {
  private static final Logger LOG = LoggerFactory.getLogger(CliErrors.class);

  @Override
  public int handleExecutionException(Exception exception, CommandLine command, ParseResult parseResult) {
    CliFailure failure = CliFailure.of(exception);
    if (exception instanceof JobFailedException job) {
      LOG.warn("{} failed: the job's failure was\n{}", command.getCommandName(), job.details(), exception);
    } else if (failure.expected()) {
      LOG.warn("{} failed", command.getCommandName(), exception);
    } else {
      LOG.error("{} failed unexpectedly", command.getCommandName(), exception);
    }
    CdcWizardCli root = (CdcWizardCli) command.getCommandSpec().root().userObject();
    command.getErr().println(failure.text().apply(root.locale()));
    command.getErr().flush();
    return failure.exitCode();
  }
}
