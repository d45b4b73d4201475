package dev.cdcwizard.engine.snapshot;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * Where a pipeline's own snapshot stands, in its checkpoint folder: started (a crash then means its
 * target tables hold part of a snapshot that can no longer be finished, as the exported snapshot died
 * with its session) or done, and from which position of the slot streaming takes over.
 *
 * @param consistentPoint the slot's consistent point, where streaming starts; null while running
 */
public record SnapshotMarker(String slot, boolean done, Long consistentPoint) {
  private static final String FILE = "snapshot.properties";

  public static Optional<SnapshotMarker> read(Path pipelineDirectory) throws IOException {
    Path file = pipelineDirectory.resolve(FILE);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(file)) {
      properties.load(in);
    }
    String point = properties.getProperty("consistentPoint");
    return Optional.of(new SnapshotMarker(properties.getProperty("slot"),
        Boolean.parseBoolean(properties.getProperty("done")), point == null ? null : Long.valueOf(point)));
  }

  /** Written before the slot exists, so a crash at any moment after leaves a trace. */
  public static void started(Path pipelineDirectory, String slot) throws IOException {
    write(pipelineDirectory, new SnapshotMarker(slot, false, null));
  }

  public static void done(Path pipelineDirectory, String slot, long consistentPoint) throws IOException {
    write(pipelineDirectory, new SnapshotMarker(slot, true, consistentPoint));
  }

  private static void write(Path directory, SnapshotMarker marker) throws IOException {
    Files.createDirectories(directory);
    Properties properties = new Properties();
    properties.setProperty("slot", marker.slot());
    properties.setProperty("done", Boolean.toString(marker.done()));
    if (marker.consistentPoint() != null) {
      properties.setProperty("consistentPoint", Long.toString(marker.consistentPoint()));
    }
    Path temporary = directory.resolve(FILE + ".tmp");
    try (Writer out = Files.newBufferedWriter(temporary)) {
      properties.store(out, "CDC Wizard: the pipeline's own snapshot");
    }
    Files.move(temporary, directory.resolve(FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
  }
}
