package dev.cdcwizard.engine.source;

import dev.cdcwizard.engine.record.ChangeRecord;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.cdc.connectors.base.source.assigner.state.PendingSplitsState;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitBase;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * Flink CDC's PostgreSQL source as a pipeline's job reads it. Its readers stop the job on a PostgreSQL error
 * no restart cures ({@link StreamSplitWatchingReader}); so does its enumerator here, which runs on the
 * JobManager, gets or creates the slot as the job starts and, for Flink CDC's snapshot, splits the tables by
 * querying them: no REPLICATION, no SELECT or a table gone stops the job with its fix, told by SQLSTATE
 * whatever language the server speaks, instead of ten restarts ending in the server's words. Flink CDC's
 * source narrows {@code createEnumerator} to its own enumerator class, so this wraps it rather than extends it.
 */
public final class ChangeSource implements Source<ChangeRecord, SourceSplitBase, PendingSplitsState> {
  private static final long serialVersionUID = 1L;

  private final Source<ChangeRecord, SourceSplitBase, PendingSplitsState> source;
  private final SourceFailures failures;

  ChangeSource(Source<ChangeRecord, SourceSplitBase, PendingSplitsState> source, SourceFailures failures) {
    this.source = source;
    this.failures = failures;
  }

  @Override
  public Boundedness getBoundedness() {
    return source.getBoundedness();
  }

  @Override
  public SourceReader<ChangeRecord, SourceSplitBase> createReader(SourceReaderContext context) throws Exception {
    return source.createReader(context);
  }

  @Override
  public SplitEnumerator<SourceSplitBase, PendingSplitsState> createEnumerator(
      SplitEnumeratorContext<SourceSplitBase> context) throws Exception {
    try {
      return new StoppingEnumerator(source.createEnumerator(new StoppingEnumeratorContext(context, failures)),
          failures);
    } catch (Exception e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public SplitEnumerator<SourceSplitBase, PendingSplitsState> restoreEnumerator(
      SplitEnumeratorContext<SourceSplitBase> context, PendingSplitsState state) throws Exception {
    try {
      return new StoppingEnumerator(source.restoreEnumerator(new StoppingEnumeratorContext(context, failures), state),
          failures);
    } catch (Exception e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public SimpleVersionedSerializer<SourceSplitBase> getSplitSerializer() {
    return source.getSplitSerializer();
  }

  @Override
  public SimpleVersionedSerializer<PendingSplitsState> getEnumeratorCheckpointSerializer() {
    return source.getEnumeratorCheckpointSerializer();
  }
}
