package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.message.FailureKind;

/** The command line's exit codes, as the README lists them. */
final class ExitCode {
  /** Done. */
  static final int OK = 0;
  /** The pipeline failed, or a check found what must be fixed first. */
  static final int FAILED = 1;
  /** The command line, a file or the pipeline YAML is wrong (also picocli's code for a usage error). */
  static final int INVALID_INPUT = 2;
  /** PostgreSQL cannot be reached or refuses: connection, password, privilege, SQL error. */
  static final int SOURCE_UNAVAILABLE = 3;
  /** The engine refuses to start the pipeline against this database; the message says why and how to fix it. */
  static final int REFUSED = 4;
  /** The Flink cluster cannot be reached or refuses the job. */
  static final int FLINK_UNAVAILABLE = 5;
  /** The Iceberg catalog or its object storage cannot be reached or refuses: endpoint, credentials, bucket. */
  static final int TARGET_UNAVAILABLE = 6;

  private ExitCode() {}

  /** The exit code of a failure of {@code kind}. */
  static int of(FailureKind kind) {
    return switch (kind) {
      case INVALID_INPUT -> INVALID_INPUT;
      case SOURCE_UNAVAILABLE -> SOURCE_UNAVAILABLE;
      case TARGET_UNAVAILABLE -> TARGET_UNAVAILABLE;
      case FLINK_UNAVAILABLE -> FLINK_UNAVAILABLE;
      case REFUSED -> REFUSED;
      case FAILED, UNEXPECTED -> FAILED;
    };
  }
}
