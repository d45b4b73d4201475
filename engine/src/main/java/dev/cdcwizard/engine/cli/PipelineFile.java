package dev.cdcwizard.engine.cli;

import dev.cdcwizard.engine.config.InvalidOptionException;
import dev.cdcwizard.engine.yaml.PipelineImport;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the pipeline YAML a command was given, so every command names the file in its errors alike. */
final class PipelineFile {
  private PipelineFile() {}

  static PipelineImport read(Path file) throws IOException, InvalidPipelineFileException {
    String yaml = Files.readString(file);
    try {
      return new PipelineYamlImporter().importYaml(yaml);
    } catch (InvalidOptionException e) {
      throw new InvalidPipelineFileException(file, e);
    }
  }
}
