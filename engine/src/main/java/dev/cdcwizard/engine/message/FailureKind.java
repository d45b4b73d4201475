package dev.cdcwizard.engine.message;

/**
 * What kind of thing failed, as far as the user is concerned: it decides the command line's exit code,
 * and whether the log records a mistake the user can fix or something CDC Wizard did not foresee.
 */
public enum FailureKind {
  /** The command's input (a file, an option, the pipeline YAML) is wrong. */
  INVALID_INPUT,
  /** The source PostgreSQL cannot be reached or refused the request. */
  SOURCE_UNAVAILABLE,
  /** The target (an Iceberg catalog or its storage, a target PostgreSQL) cannot be used. */
  TARGET_UNAVAILABLE,
  /** The Flink cluster cannot be reached or did not do what was asked. */
  FLINK_UNAVAILABLE,
  /** The engine will not start the pipeline as it is; nothing was created. */
  REFUSED,
  /** A pipeline, or an operation on it, failed for a reason the message names. */
  FAILED,
  /** Nothing the engine foresaw; the log has the details. */
  UNEXPECTED
}
