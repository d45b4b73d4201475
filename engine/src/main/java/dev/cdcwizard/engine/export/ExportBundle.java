package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.config.ConfigOption;
import dev.cdcwizard.engine.config.PostgresSourceOptions;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.PipelineDefinitionBuilder;
import dev.cdcwizard.engine.yaml.KeptKeys;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a user takes to their own Flink CDC installation: the pipeline YAML (secrets as placeholders
 * unless {@link ExportOptions#includeSecrets()}), prerequisites.sql and a README, as a folder or a zip;
 * their comments and the README in {@link ExportOptions#language()}.
 */
public final class ExportBundle {
  private static final Logger LOG = LoggerFactory.getLogger(ExportBundle.class);

  private final Map<String, String> files;
  private final boolean secrets;

  private ExportBundle(Map<String, String> files, boolean secrets) {
    this.files = Collections.unmodifiableMap(files);
    this.secrets = secrets;
  }

  public static ExportBundle create(PipelineDefinition definition, KeptKeys kept, ExportOptions options) {
    // accepted rewrites and the catalog watch are this engine's; flink-cdc.sh refuses a source key it does not know
    PipelineDefinitionBuilder builder = PipelineDefinitionBuilder.from(definition);
    PostgresSourceOptions.ALL.stream().filter(option -> option.support() == ConfigOption.Support.ENGINE_ONLY)
        .forEach(option -> builder.sourceOption(option, null));
    PipelineDefinition exported = builder.build();
    return new ExportBundle(TargetExport.of(exported.sink()).files(exported, kept, options), options.includeSecrets());
  }

  /** The name of the pipeline YAML in the bundle of {@code definition}: it says which target it writes to. */
  public static String pipelineFile(PipelineDefinition definition) {
    return TargetExport.of(definition.sink()).pipelineFile();
  }

  /** File name -> content, in the order the bundle lists them. */
  public Map<String, String> files() {
    return files;
  }

  /** Writes the files into {@code target}: a zip when its name ends in .zip, else a folder. */
  public Path writeTo(Path target) throws IOException {
    if (target.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".zip")) {
      writeZip(target);
    } else {
      writeFolder(target);
    }
    LOG.info("Exported the pipeline bundle to {}", target);
    return target;
  }

  /** Writes the bundle's file {@code name} alone to {@code file}, the wizard's Save; returns {@code file}. */
  public Path writeFile(String name, Path file) throws IOException {
    try (OutputStream out = open(file)) {
      out.write(files.get(name).getBytes(StandardCharsets.UTF_8));
    }
    return file;
  }

  private void writeFolder(Path folder) throws IOException {
    Files.createDirectories(folder);
    for (String name : files.keySet()) {
      writeFile(name, folder.resolve(name));
    }
  }

  /** With secrets in it, a file only its owner may read. */
  private OutputStream open(Path file) throws IOException {
    return secrets ? OwnerOnlyFiles.create(file) : Files.newOutputStream(file);
  }

  private void writeZip(Path zip) throws IOException {
    if (zip.toAbsolutePath().getParent() != null) {
      Files.createDirectories(zip.toAbsolutePath().getParent());
    }
    try (OutputStream out = open(zip); ZipOutputStream zipOut = new ZipOutputStream(out)) {
      for (Map.Entry<String, String> file : files.entrySet()) {
        zipOut.putNextEntry(new ZipEntry(file.getKey()));
        zipOut.write(file.getValue().getBytes(StandardCharsets.UTF_8));
        zipOut.closeEntry();
      }
    }
  }
}
