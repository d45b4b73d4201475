package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.AtomicFiles;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The tables a pipeline's retained checkpoints captured, each with the target tables it was routed to,
 * kept beside the checkpoints. A run may resume with tables added (copied first, in a snapshot of their
 * own) or removed (their targets left as they are), never with a kept table routed elsewhere: its target
 * would miss every row the stream does not send again.
 */
final class CapturedTableSet {
  private static final String FILE = "pipeline.tables";
  private static final String NO_DATABASE = "";

  private final Map<TableId, List<String>> targets;

  private CapturedTableSet(Map<TableId, List<String>> targets) {
    this.targets = targets;
  }

  /** The set kept in {@code directory}; empty for checkpoints of a version that did not keep it. */
  static Optional<CapturedTableSet> read(Path directory) throws IOException {
    Path file = directory.resolve(FILE);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    Map<TableId, List<String>> targets = new LinkedHashMap<>();
    for (String line : Files.readAllLines(file)) {
      String[] parts = line.split("\t");
      String database = parts[0].equals(NO_DATABASE) ? null : parts[0];
      targets.put(new TableId(database, parts[1], parts[2]), List.of(parts).subList(3, parts.length));
    }
    return Optional.of(new CapturedTableSet(targets));
  }

  static void write(Path directory, PipelineDefinition definition, Collection<TableId> tables) throws IOException {
    List<String> lines = new ArrayList<>();
    for (TableId table : tables) {
      List<String> parts = new ArrayList<>(List.of(table.hasDatabase() ? table.database() : NO_DATABASE,
          table.schema(), table.table()));
      parts.addAll(definition.router().targetsOf(table));
      lines.add(String.join("\t", parts));
    }
    AtomicFiles.writeLines(directory.resolve(FILE), lines);
  }

  /** Whether every kept table that {@code definition} still captures goes to the targets it went to. */
  boolean routesKept(PipelineDefinition definition) {
    String database = definition.source().database();
    return targets.entrySet().stream()
        .filter(kept -> definition.source().captures(new TableId(database, kept.getKey().schema(),
            kept.getKey().table())))
        .allMatch(kept -> definition.router().targetsOf(kept.getKey()).equals(kept.getValue()));
  }

  /** The tables of {@code captured} that the checkpoints did not capture. */
  List<TableId> added(Collection<TableId> captured) {
    return captured.stream().filter(table -> !targets.containsKey(table)).toList();
  }

  /** Whether {@code captured} holds other tables than the checkpoints captured. */
  boolean changed(Collection<TableId> captured) {
    return !(captured.size() == targets.size() && captured.containsAll(targets.keySet()));
  }
}
