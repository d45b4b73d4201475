package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.InvalidOptionException;
import java.nio.file.Path;

/** A pipeline YAML file the command was given that the engine cannot read; names the file. */
final class InvalidPipelineFileException extends Exception {
  private final Path file;

  InvalidPipelineFileException(Path file, InvalidOptionException cause) {
    super(file + ": " + cause.getMessage(), cause);
    this.file = file;
  }

  Path file() {
    return file;
  }

  InvalidOptionException invalid() {
    return (InvalidOptionException) getCause();
  }
}
