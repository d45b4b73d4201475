package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.IcebergSink;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import java.util.List;
import java.util.Map;

/**
 * What a job on a cluster needs that this process cannot give it, with what to do, said at its start: this
 * process's environment does not reach the cluster's. What a run does to its target beside writing is the
 * target's own note ({@code PreparedPipeline.notes}).
 */
final class RunNotes {
  private RunNotes() {}

  static List<UserMessage> of(SinkDefinition sink, boolean onCluster) {
    Map<String, String> catalog = sink.iceberg().map(IcebergSink::catalogProperties).orElse(Map.of());
    if (onCluster && IcebergSinkOptions.isS3Compatible(catalog)) {
      return List.of(UserMessage.of(EngineMessage.RUN_S3_CHECKSUMS_ON_CLUSTER, catalog.get("s3.endpoint")));
    }
    return List.of();
  }
}
