package dev.cdcwizard.engine.message;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The one translation from an exception to what the user is told, for the command line (which adds
 * an exit code) and the wizard (which adds its own words when the engine has none): the first
 * {@link UserFailure} in the chain of causes, else a file or SQL failure the user can act on.
 */
public final class UserFailures {
  private UserFailures() {}

  /** What {@code failure} means for the user; empty when the engine did not foresee it. */
  public static Optional<UserFailure> of(Throwable failure) {
    List<Throwable> causes = causes(failure);
    for (Throwable cause : causes) {
      if (cause instanceof UserFailure known) {
        return Optional.of(known);
      }
    }
    for (Throwable cause : causes) {
      Optional<UserFailure> plain = ofPlain(cause);
      if (plain.isPresent()) {
        return plain;
      }
    }
    return Optional.empty();
  }

  /** The innermost cause's message, for a failure nobody foresaw. */
  public static String rootCause(Throwable failure) {
    List<Throwable> causes = causes(failure);
    Throwable root = causes.get(causes.size() - 1);
    return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
  }

  private static List<Throwable> causes(Throwable failure) {
    List<Throwable> causes = new ArrayList<>();
    Set<Throwable> seen = new HashSet<>();
    for (Throwable cause = failure; cause != null && seen.add(cause); cause = cause.getCause()) {
      causes.add(cause);
    }
    return causes;
  }

  private static Optional<UserFailure> ofPlain(Throwable cause) {
    if (cause instanceof NoSuchFileException missing) {
      return input(UserMessage.of(EngineMessage.FILE_MISSING, missing.getFile()));
    }
    if (cause instanceof AccessDeniedException denied) {
      return input(UserMessage.of(EngineMessage.FILE_DENIED, denied.getFile()));
    }
    if (cause instanceof FileSystemException file) {
      return input(UserMessage.of(EngineMessage.FILE_FAILED, file.getFile(), file.getReason()));
    }
    if (cause instanceof SQLException sql) {
      return Optional.of(new Known(UserMessage.of(EngineMessage.SQL_FAILED, sql.getMessage(), sql.getSQLState()),
          FailureKind.SOURCE_UNAVAILABLE));
    }
    return Optional.empty();
  }

  private static Optional<UserFailure> input(UserMessage problem) {
    return Optional.of(new Known(problem, FailureKind.INVALID_INPUT));
  }

  /** A failure of the JDK or the JDBC driver, told in the engine's words. */
  private record Known(UserMessage problem, FailureKind kind) implements UserFailure {}
}
