package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import java.util.List;

/**
 * What a job on a cluster needs that this process cannot give it, with what to do, said at its start: this
 * process's environment does not reach the cluster's. What a run does to its target beside writing is the
 * target's own note ({@code PreparedPipeline.notes}).
 */
final class RunNotes {
  private RunNotes() {}

  static List<UserMessage> of(SinkDefinition sink, boolean onCluster) {
    if (onCluster && IcebergSinkOptions.isS3Compatible(sink.catalogProperties())) {
      return List.of(UserMessage.of(EngineMessage.RUN_S3_CHECKSUMS_ON_CLUSTER, sink.catalogProperties().get("s3.endpoint")));
    }
    return List.of();
  }
}
