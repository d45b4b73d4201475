package dev.cdcwizard.engine.export;

import dev.cdcwizard.engine.pipeline.PipelineDefinition;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import dev.cdcwizard.engine.yaml.KeptKeys;
import java.util.Map;

/** The files of an export bundle, by the kind of target the pipeline writes to; chosen once, here. */
interface TargetExport {
  static TargetExport of(SinkDefinition sink) {
    return switch (sink.kind()) {
      case ICEBERG -> new IcebergTargetExport();
      case POSTGRES -> new PostgresTargetExport();
    };
  }

  /** The name of the pipeline YAML in the bundle: it says which target it writes to. */
  String pipelineFile();

  /** File name -> content, in the order the bundle lists them; secrets masked unless the options include them. */
  Map<String, String> files(PipelineDefinition definition, KeptKeys kept, ExportOptions options);
}
