package dev.cdcwizard.engine.launch;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Finds the job jar ({@code cdc-wizard-engine-<version>-job.jar}) that is uploaded to session
 * clusters: the system property {@value #PROPERTY} when set (the installer sets it), else next to the
 * engine's classes, i.e. in {@code engine/target} of a build or beside the engine jar of an install.
 */
public final class JobJar {
  public static final String PROPERTY = "cdcwizard.job.jar";
  private static final String PATTERN = "cdc-wizard-engine-*-job.jar";

  private JobJar() {}

  public static Path locate() throws IOException {
    String configured = System.getProperty(PROPERTY);
    if (configured != null && !configured.isBlank()) {
      return existing(Path.of(configured));
    }
    // target/classes -> target; lib/cdc-wizard-engine.jar -> lib
    Path folder = engineCodeLocation().getParent();
    return find(folder).orElseThrow(() -> new IOException("No job jar (" + PATTERN + ") in " + folder
        + ". Build it with ./mvnw -pl engine -am package, or set -D" + PROPERTY + "=<path>."));
  }

  static Optional<Path> find(Path folder) throws IOException {
    if (folder == null || !Files.isDirectory(folder)) {
      return Optional.empty();
    }
    try (DirectoryStream<Path> jars = Files.newDirectoryStream(folder, PATTERN)) {
      for (Path jar : jars) {
        return Optional.of(jar);
      }
    }
    return Optional.empty();
  }

  private static Path existing(Path jar) throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new IOException("The job jar " + jar + " (-D" + PROPERTY + ") does not exist");
    }
    return jar;
  }

  private static Path engineCodeLocation() throws IOException {
    try {
      return Path.of(PipelineJobMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException | NullPointerException e) {
      throw new IOException("Cannot tell where the engine's classes are; set -D" + PROPERTY, e);
    }
  }
}
