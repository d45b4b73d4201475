package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run does beside copying and streaming (files it deletes too), said at its start; on a cluster also what its job
 * needs that this process cannot give it, with what to do: this process's environment does not reach
 * the cluster's.
 */
final class RunNotes {
  private RunNotes() {}

  static List<UserMessage> of(SinkDefinition sink, boolean onCluster) {
    List<UserMessage> notes = new ArrayList<>();
    if (sink.get(IcebergSinkOptions.COMPACTION_ENABLED)) {
      int interval = sink.get(IcebergSinkOptions.COMPACTION_COMMIT_INTERVAL);
      int deletePercent = sink.get(IcebergSinkOptions.COMPACTION_DELETE_PERCENT);
      notes.add(deletePercent == 0 ? UserMessage.of(EngineMessage.RUN_COMPACTION_SCHEDULED, interval)
          : UserMessage.of(EngineMessage.RUN_COMPACTION_SCHEDULED_BY_DELETES, interval, deletePercent));
      Duration orphansOlderThan = sink.get(IcebergSinkOptions.COMPACTION_ORPHAN_FILES_OLDER_THAN);
      if (!orphansOlderThan.isZero()) {
        notes.add(UserMessage.of(EngineMessage.RUN_ORPHAN_FILES_SCHEDULED, DurationParser.format(orphansOlderThan)));
      }
    }
    if (onCluster && IcebergSinkOptions.isS3Compatible(sink.catalogProperties())) {
      notes.add(UserMessage.of(EngineMessage.RUN_S3_CHECKSUMS_ON_CLUSTER, sink.catalogProperties().get("s3.endpoint")));
    }
    return notes;
  }
}
