package dev.cdcwizard.engine.sink.iceberg;

import dev.cdcwizard.engine.config.DurationParser;
import dev.cdcwizard.engine.config.IcebergSinkOptions;
import dev.cdcwizard.engine.message.EngineMessage;
import dev.cdcwizard.engine.message.UserMessage;
import dev.cdcwizard.engine.pipeline.SinkDefinition;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run into Iceberg does to its tables beside writing (files it deletes too), or leaves undone, said at its
 * start: a table that nothing maintains keeps one snapshot per checkpoint and its small files for its life, which a
 * user learns otherwise only from slower reads and a full disk.
 */
public final class MaintenanceNotes {
  private MaintenanceNotes() {}

  public static List<UserMessage> of(SinkDefinition sink) {
    if (!sink.get(IcebergSinkOptions.COMPACTION_ENABLED)) {
      return List.of(UserMessage.of(EngineMessage.RUN_COMPACTION_OFF));
    }
    List<UserMessage> notes = new ArrayList<>();
    int interval = sink.get(IcebergSinkOptions.COMPACTION_COMMIT_INTERVAL);
    int deletePercent = sink.get(IcebergSinkOptions.COMPACTION_DELETE_PERCENT);
    notes.add(deletePercent == 0 ? UserMessage.of(EngineMessage.RUN_COMPACTION_SCHEDULED, interval)
        : UserMessage.of(EngineMessage.RUN_COMPACTION_SCHEDULED_BY_DELETES, interval, deletePercent));
    Duration orphansOlderThan = sink.get(IcebergSinkOptions.COMPACTION_ORPHAN_FILES_OLDER_THAN);
    if (!orphansOlderThan.isZero()) {
      notes.add(UserMessage.of(EngineMessage.RUN_ORPHAN_FILES_SCHEDULED, DurationParser.format(orphansOlderThan)));
    }
    return notes;
  }
}
