package dev.cdcwizard.engine.snapshot;

import java.io.Serializable;
import org.apache.flink.api.connector.source.SourceSplit;

/**
 * A part of the engine's own snapshot as its Flink source hands it to a reader: the pages to copy and
 * the exported snapshot to read them in.
 *
 * @param id the split's number in its snapshot, for the enumerator to count the copied ones
 */
record SnapshotSplit(int id, CopySplit pages, String snapshotName) implements SourceSplit, Serializable {
  @Override
  public String splitId() {
    return Integer.toString(id);
  }
}
