package dev.cdcwizard.engine.record;

import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A pipeline whose source tables are resolved and whose target tables exist, in the engine's own terms for
 * either target: what a target needs beyond them (Iceberg's catalog) it reads from the definition.
 *
 * @param created the target tables this preparation created: dropped again when the run or submission is
 *     refused before anything is written ({@code TargetRows.dropCreated})
 * @param notes what the run does to the target beside writing (its maintenance) and what the target will hold
 *     otherwise than the source (the preflight's warnings of column types and partitions), told at its start
 */
public record PreparedPipeline(
    PipelineDefinition definition,
    Map<TableId, RecordShape> sourceTables,
    List<TargetTable> targets,
    List<TargetTable> created,
    List<UserMessage> notes) {

  public PreparedPipeline {
    targets = List.copyOf(targets);
    created = List.copyOf(created);
    notes = List.copyOf(notes);
  }

  public PreparedPipeline(PipelineDefinition definition, Map<TableId, RecordShape> sourceTables,
      List<TargetTable> targets, List<TargetTable> created) {
    this(definition, sourceTables, targets, created, List.of());
  }

  /** A pipeline prepared with the target tables it found, none created. */
  public PreparedPipeline(PipelineDefinition definition, Map<TableId, RecordShape> sourceTables,
      List<TargetTable> targets) {
    this(definition, sourceTables, targets, List.of());
  }

  public PreparedPipeline withNotes(List<UserMessage> startNotes) {
    return new PreparedPipeline(definition, sourceTables, targets, created, startNotes);
  }

  /** The targets that more than one source table is routed to, so their columns are a union. */
  public Set<TargetTable> mergedTargets() {
    Map<TargetTable, Integer> sources = new HashMap<>();
    sourceTables.keySet().forEach(source -> definition.router().targetsOf(source)
        .forEach(target -> sources.merge(new TargetTable(target), 1, Integer::sum)));
    return sources.entrySet().stream().filter(entry -> entry.getValue() > 1).map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }
}
