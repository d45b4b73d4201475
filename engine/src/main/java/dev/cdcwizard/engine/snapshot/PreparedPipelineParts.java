package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.job.PreparedPipeline;
import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.sink.iceberg.IcebergCatalogs;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.flink.CatalogLoader;

/**
 * A prepared pipeline as it travels with a job to the JobManager: what preparing it found (the source
 * tables' shapes, the target tables), so the snapshot's enumerator need not ask the source and the
 * catalog again. Iceberg's table identifier does not serialize, so targets travel as text.
 */
record PreparedPipelineParts(String pipelineYaml, Map<TableId, RecordShape> sourceTables, List<String> targets,
    CatalogLoader catalogLoader) implements Serializable {
  static PreparedPipelineParts of(String pipelineYaml, PreparedPipeline prepared) {
    return new PreparedPipelineParts(pipelineYaml, new LinkedHashMap<>(prepared.sourceTables()),
        prepared.targets().stream().map(TableIdentifier::toString).toList(), prepared.catalogLoader());
  }

  PreparedPipeline prepared() {
    List<TableIdentifier> identifiers = targets.stream().map(IcebergCatalogs::identifier).toList();
    return new PreparedPipeline(new PipelineYamlImporter().importYaml(pipelineYaml).definition(), sourceTables,
        identifiers, catalogLoader);
  }
}
