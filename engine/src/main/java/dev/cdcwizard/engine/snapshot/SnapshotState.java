package dev.cdcwizard.engine.snapshot;

import java.io.Serializable;
import java.util.List;

/**
 * The snapshot enumerator's checkpoint.
 *
 * @param tablesSeen once {@link SnapshotProgress#COMMITTED}, the copied tables as the copy's snapshot saw
 *     them: a job restored before its table watch had them hands them over again ({@link CopyCommitted})
 */
record SnapshotState(SnapshotProgress progress, List<String> tablesSeen) implements Serializable {
  private static final long serialVersionUID = 1L;

  static final SnapshotState COPYING = new SnapshotState(SnapshotProgress.COPYING, List.of());

  SnapshotState {
    tablesSeen = List.copyOf(tablesSeen);
  }
}
