package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.admission.PipelineRefusedException;
import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.launch.rest.FlinkRestException;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.monitor.JobFailedException;
import dev.cdcwizard.engine.postgres.PostgresConnectionException;
import dev.cdcwizard.engine.postgres.UserMessage;
import dev.cdcwizard.engine.postgres.slot.SlotDropRefusedException;
import dev.cdcwizard.engine.sink.iceberg.IcebergTargetException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.sql.SQLException;
import java.util.Locale;
import java.util.function.Function;

/**
 * What the command line tells the user about a failure, and its exit code: one short message saying
 * what is wrong and how to fix it, in the user's language. The stack trace goes to the log only.
 *
 * @param expected whether the failure is a mistake the user can fix (logged without alarm) rather than
 *     something CDC Wizard did not foresee
 */
record CliFailure(Function<Locale, String> text, int exitCode, boolean expected) {

  static CliFailure of(Throwable failure) {
    if (failure instanceof InvalidPipelineFileException invalid) {
      return expected(message(EngineMessage.INVALID_PIPELINE, invalid.file(), invalid.invalid().problem()),
          ExitCode.INVALID_INPUT);
    }
    if (failure instanceof InvalidOptionException invalid) {
      return expected(invalid.problem()::text, ExitCode.INVALID_INPUT);
    }
    if (failure instanceof NoSuchFileException missing) {
      return expected(message(EngineMessage.FILE_MISSING, missing.getFile()), ExitCode.INVALID_INPUT);
    }
    if (failure instanceof AccessDeniedException denied) {
      return expected(message(EngineMessage.FILE_DENIED, denied.getFile()), ExitCode.INVALID_INPUT);
    }
    if (failure instanceof FileSystemException file) {
      return expected(message(EngineMessage.FILE_FAILED, file.getFile(), file.getReason()), ExitCode.INVALID_INPUT);
    }
    if (failure instanceof PostgresConnectionException connection) {
      return expected(locale -> connection.problem().text(locale) + "\n" + connection.fix().text(locale),
          ExitCode.SOURCE_UNAVAILABLE);
    }
    if (failure instanceof IcebergTargetException target) {
      return expected(locale -> target.problem().text(locale) + "\n" + target.fix().text(locale),
          ExitCode.TARGET_UNAVAILABLE);
    }
    if (failure instanceof SQLException sql) {
      return expected(message(EngineMessage.SQL_FAILED, sql.getMessage(), sql.getSQLState()),
          ExitCode.SOURCE_UNAVAILABLE);
    }
    if (failure instanceof PipelineRefusedException refused) {
      return expected(refused::text, ExitCode.REFUSED);
    }
    if (failure instanceof FlinkRestException rest) {
      return expected(message(EngineMessage.CLUSTER_FAILED, rest.getMessage()), ExitCode.FLINK_UNAVAILABLE);
    }
    if (failure instanceof SlotDropRefusedException refused) {
      return expected(refused.userMessage()::text, ExitCode.FAILED);
    }
    if (failure instanceof JobFailedException job) {
      return expected(job.problem()::text, ExitCode.FAILED);
    }
    if (failure instanceof IOException io && io.getMessage() != null) {
      return new CliFailure(message(EngineMessage.UNEXPECTED, io.getMessage(), CliLogging.logFile()),
          ExitCode.FAILED, false);
    }
    return new CliFailure(message(EngineMessage.UNEXPECTED, rootCause(failure), CliLogging.logFile()),
        ExitCode.FAILED, false);
  }

  private static CliFailure expected(Function<Locale, String> text, int exitCode) {
    return new CliFailure(text, exitCode, true);
  }

  private static Function<Locale, String> message(EngineMessage key, Object... arguments) {
    return UserMessage.of(key, arguments)::text;
  }

  private static String rootCause(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getCause() != cause) {
      cause = cause.getCause();
    }
    return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
  }
}
