package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.FailureKind;
import dev.cdcwizard.engine.message.UserFailure;
import dev.cdcwizard.engine.message.UserMessage;
import java.nio.file.Path;

/** A pipeline YAML file the command was given that the engine cannot read; names the file. */
final class InvalidPipelineFileException extends Exception implements UserFailure {
  private final Path file;

  InvalidPipelineFileException(Path file, InvalidOptionException cause) {
    super(file + ": " + cause.getMessage(), cause);
    this.file = file;
  }

  @Override
  public UserMessage problem() {
    return UserMessage.of(EngineMessage.INVALID_PIPELINE, file, ((InvalidOptionException) getCause()).problem());
  }

  @Override
  public FailureKind kind() {
    return FailureKind.INVALID_INPUT;
  }
}
