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

/** A pipeline whose source tables are resolved and whose Iceberg tables exist. */
public record PreparedPipeline(
    PipelineDefinition definition,
    Map<TableId, RecordShape> sourceTables,
    List<TableIdentifier> targets,
    CatalogLoader catalogLoader) {

  /** The targets that more than one source table is routed to, so their columns are a union. */
  public Set<TableIdentifier> mergedTargets() {
    Map<TableIdentifier, Integer> sources = new HashMap<>();
    sourceTables.keySet().forEach(source -> definition.router().targetsOf(source)
        .forEach(target -> sources.merge(IcebergCatalogs.identifier(target), 1, Integer::sum)));
    return sources.entrySet().stream().filter(entry -> entry.getValue() > 1).map(Map.Entry::getKey)
        .collect(Collectors.toSet());
  }
}
