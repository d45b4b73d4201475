package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.AtomicFiles;
import java.io.IOException;
import java.io.Reader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where a pipeline's own snapshot stands, in its checkpoint folder: started (a crash then means its
 * target tables hold part of a snapshot that can no longer be finished, as the exported snapshot died
 * with its session) or done, and from which position of the slot streaming takes over.
 *
 * @param consistentPoint the slot's consistent point, where streaming starts; null while running
 * @param tablesSeen the captured tables as the snapshot saw them ({@code TableRewrites.baseline}): a job
 *     that starts streaming after it, in this process or a later one, finds a rewrite made since
 */
public record SnapshotMarker(String slot, boolean done, Long consistentPoint, List<String> tablesSeen) {
  private static final String FILE = "snapshot.properties";
  private static final String TABLES_SEEN = "tablesSeen";

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
    String seen = properties.getProperty(TABLES_SEEN, "");
    return Optional.of(new SnapshotMarker(properties.getProperty("slot"),
        Boolean.parseBoolean(properties.getProperty("done")), point == null ? null : Long.valueOf(point),
        seen.isEmpty() ? List.of() : List.of(seen.split("\n"))));
  }

  /** Written before the slot exists, so a crash at any moment after leaves a trace. */
  public static void started(Path pipelineDirectory, String slot) throws IOException {
    write(pipelineDirectory, new SnapshotMarker(slot, false, null, List.of()));
  }

  public static void done(Path pipelineDirectory, String slot, long consistentPoint, List<String> tablesSeen)
      throws IOException {
    write(pipelineDirectory, new SnapshotMarker(slot, true, consistentPoint, tablesSeen));
  }

  /**
   * Adds what a later copy (of tables added to the pipeline) saw, in place of what an earlier copy saw of
   * the same tables: a resume from a checkpoint older than that copy learns from it that they were copied.
   */
  public static void seenAlso(Path pipelineDirectory, List<String> copied) throws IOException {
    SnapshotMarker marker = read(pipelineDirectory).orElseThrow();
    Set<String> tables = copied.stream().map(SnapshotMarker::table).collect(Collectors.toSet());
    List<String> seen = new ArrayList<>(marker.tablesSeen().stream().filter(entry -> !tables.contains(table(entry)))
        .toList());
    seen.addAll(copied);
    write(pipelineDirectory, new SnapshotMarker(marker.slot(), marker.done(), marker.consistentPoint(), seen));
  }

  /** An entry's table: its oid, the first of its tab-separated fields. */
  private static String table(String entry) {
    return entry.split("\t", 2)[0];
  }

  private static void write(Path directory, SnapshotMarker marker) throws IOException {
    Files.createDirectories(directory);
    Properties properties = new Properties();
    properties.setProperty("slot", marker.slot());
    properties.setProperty("done", Boolean.toString(marker.done()));
    if (marker.consistentPoint() != null) {
      properties.setProperty("consistentPoint", Long.toString(marker.consistentPoint()));
    }
    properties.setProperty(TABLES_SEEN, String.join("\n", marker.tablesSeen()));
    AtomicFiles.write(directory.resolve(FILE), out -> properties.store(
        new OutputStreamWriter(out, StandardCharsets.UTF_8), "CDC Wizard: the pipeline's own snapshot"));
  }
}
