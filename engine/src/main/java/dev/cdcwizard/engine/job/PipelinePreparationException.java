package dev.cdcwizard.engine.job;

/** The pipeline cannot start as defined against this database; the message says why and what to do. */
public class PipelinePreparationException extends IllegalStateException {
  public PipelinePreparationException(String message) {
    super(message);
  }
}
