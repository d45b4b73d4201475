package dev.cdcwizard.engine.job;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;

/**
 * A pipeline whose source tables are resolved and whose target tables exist.
 *
 * @param created the target tables this preparation created: dropped again when the run or submission is
 *     refused before anything is written ({@code TargetRows.dropCreated})
 */
public record PreparedPipeline(
    PipelineDefinition definition,
    Map<TableId, RecordShape> sourceTables,
    List<TableIdentifier> targets,
    CatalogLoader catalogLoader,
    List<TableIdentifier> created) {

  public PreparedPipeline {
    created = List.copyOf(created);
  }

  /** A pipeline prepared with the target tables it found, none created. */
  public PreparedPipeline(PipelineDefinition definition, Map<TableId, RecordShape> sourceTables,
      List<TableIdentifier> targets, CatalogLoader catalogLoader) {
    this(definition, sourceTables, targets, catalogLoader, List.of());
  }

  /** The targets that more than one source table is routed to, so their columns are a union. */
  public Set<TableIdentifier> mergedTargets() {
    Map<TableIdentifier, Integer> sources = new HashMap<>();
    sourceTables.keySet().forEach(source -> definition.router().targetsOf(source)
        .forEach(target -> sources.merge(IcebergCatalogs.identifier(target), 1, Integer::sum)));
    return sources.entrySet().stream().filter(entry -> entry.getValue() > 1).map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }
}
