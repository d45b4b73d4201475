package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.pipeline.TableId;
import dev.cdcwizard.engine.pipeline.TargetTable;
import dev.cdcwizard.engine.record.PreparedPipeline;
import dev.cdcwizard.engine.record.RecordShape;
import dev.cdcwizard.engine.yaml.PipelineYamlImporter;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A prepared pipeline as it travels with a job to the JobManager: what preparing it found (the source
 * tables' shapes, the target tables), so the snapshot's enumerator need not ask the source and the
 * catalog again. The definition travels as its YAML, which the JobManager reads again.
 */
record PreparedPipelineParts(String pipelineYaml, Map<TableId, RecordShape> sourceTables, List<TargetTable> targets)
    implements Serializable {
  static PreparedPipelineParts of(String pipelineYaml, PreparedPipeline prepared) {
    return new PreparedPipelineParts(pipelineYaml, new LinkedHashMap<>(prepared.sourceTables()),
        List.copyOf(prepared.targets()));
  }

  PreparedPipeline prepared() {
    return new PreparedPipeline(new PipelineYamlImporter().importYaml(pipelineYaml).definition(), sourceTables,
        targets);
  }
}
