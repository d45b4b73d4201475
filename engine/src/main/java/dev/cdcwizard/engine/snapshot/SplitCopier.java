package dev.cdcwizard.engine.snapshot;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.catalog.TableIdentifier;

/** One reader thread of the snapshot: copies split after split into the target. */
interface SplitCopier extends AutoCloseable {
  /** Copies one split, counting its rows into {@code rows} as they come. */
  void copy(CopySplit split, LongAdder rows) throws Exception;

  /** Stops the copy under way, from another thread: it then fails in its own. */
  void cancel();

  /**
   * The Iceberg data files written since the last call, per table, completed: from now on the committer's.
   * None into PostgreSQL, which commits each split as it copies it.
   */
  default Map<TableIdentifier, List<DataFile>> takeFiles() {
    return Map.of();
  }
}
