package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import java.util.ArrayList;
import java.util.List;

/**
 * What a job on a cluster does not do, or needs, that a run in this process would do or have: said at
 * its start, with what to do instead. This process's environment does not reach the cluster's.
 */
final class ClusterRunNotes {
  private ClusterRunNotes() {}

  static List<UserMessage> of(SinkDefinition sink) {
    List<UserMessage> notes = new ArrayList<>();
    if (sink.get(IcebergSinkOptions.COMPACTION_ENABLED)) {
      notes.add(UserMessage.of(EngineMessage.RUN_COMPACTION_NOT_ON_CLUSTER));
    }
    if (IcebergSinkOptions.isS3Compatible(sink.catalogProperties())) {
      notes.add(UserMessage.of(EngineMessage.RUN_S3_CHECKSUMS_ON_CLUSTER, sink.catalogProperties().get("s3.endpoint")));
    }
    return notes;
  }
}
