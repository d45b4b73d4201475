package dev.cdcwizard.engine.snapshot;

import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;

/**
 * The enumerator's word to a snapshot reader that the copy is committed: the reader passes it on to the
 * job's table watch ({@code ChangeRecord.copyCommitted}) before it ends.
 *
 * @param tablesSeen the copied tables as the copy's snapshot saw them ({@code TableRewrites.baseline})
 * @param copiedNow whether this run of the job made the copy, rather than restored it committed
 */
record CopyCommitted(List<String> tablesSeen, boolean copiedNow) implements SourceEvent {
  private static final long serialVersionUID = 1L;

  CopyCommitted {
    tablesSeen = List.copyOf(tablesSeen);
  }
}
