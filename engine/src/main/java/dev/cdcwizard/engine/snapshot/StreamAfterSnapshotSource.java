package dev.cdcwizard.engine.snapshot;

import dev.cdcwizard.engine.record.ChangeRecord;
import java.io.IOException;
import java.util.List;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;

/**
 * The stream of a cluster job, after the own snapshot in its hybrid source. A reader that restarts with no
 * split in its state is handed the hybrid's first source again, the snapshot, even when the job is long
 * past it; had that snapshot reader sent Flink's split request, the hybrid would pass it to the stream's
 * enumerator, which can assign it the stream split, and the reader fails on a split of a later source: on
 * every restart from a checkpoint taken between the snapshot's end and the stream split's assignment, so
 * ten restarts and a job that no resume can start (ClusterCrashIT found it under load). Snapshot readers
 * ask with {@link SnapshotSplitRequest} instead, which this stream's enumerator answers with {@link
 * SnapshotOver}: the reader ends, the hybrid moves it on to the stream, and the stream's reader asks.
 * Everything else, the checkpoint state included, is the wrapped source's.
 */
final class StreamAfterSnapshotSource<SplitT extends SourceSplit, StateT>
    implements Source<ChangeRecord, SplitT, StateT> {
  private static final long serialVersionUID = 1L;

  private final Source<ChangeRecord, SplitT, StateT> stream;

  private StreamAfterSnapshotSource(Source<ChangeRecord, SplitT, StateT> stream) {
    this.stream = stream;
  }

  static <S extends SourceSplit, E> Source<ChangeRecord, S, E> of(Source<ChangeRecord, S, E> stream) {
    return new StreamAfterSnapshotSource<>(stream);
  }

  @Override
  public Boundedness getBoundedness() {
    return stream.getBoundedness();
  }

  @Override
  public SourceReader<ChangeRecord, SplitT> createReader(SourceReaderContext context) throws Exception {
    return stream.createReader(context);
  }

  @Override
  public SplitEnumerator<SplitT, StateT> createEnumerator(SplitEnumeratorContext<SplitT> context) throws Exception {
    return new Enumerator<>(stream.createEnumerator(context), context);
  }

  @Override
  public SplitEnumerator<SplitT, StateT> restoreEnumerator(SplitEnumeratorContext<SplitT> context, StateT state)
      throws Exception {
    return new Enumerator<>(stream.restoreEnumerator(context, state), context);
  }

  @Override
  public SimpleVersionedSerializer<SplitT> getSplitSerializer() {
    return stream.getSplitSerializer();
  }

  @Override
  public SimpleVersionedSerializer<StateT> getEnumeratorCheckpointSerializer() {
    return stream.getEnumeratorCheckpointSerializer();
  }

  /** The stream's enumerator, which tells a snapshot reader that asks for a split that the snapshot is over. */
  static final class Enumerator<SplitT extends SourceSplit, StateT> implements SplitEnumerator<SplitT, StateT> {
    private final SplitEnumerator<SplitT, StateT> stream;
    private final SplitEnumeratorContext<SplitT> context;

    Enumerator(SplitEnumerator<SplitT, StateT> stream, SplitEnumeratorContext<SplitT> context) {
      this.stream = stream;
      this.context = context;
    }

    @Override
    public void handleSourceEvent(int subtask, SourceEvent event) {
      if (event instanceof SnapshotSplitRequest) {
        context.sendEventToSourceReader(subtask, new SnapshotOver());
      } else {
        stream.handleSourceEvent(subtask, event);
      }
    }

    @Override
    public void start() {
      stream.start();
    }

    @Override
    public void handleSplitRequest(int subtask, String requesterHostname) {
      stream.handleSplitRequest(subtask, requesterHostname);
    }

    @Override
    public void addSplitsBack(List<SplitT> splits, int subtask) {
      stream.addSplitsBack(splits, subtask);
    }

    @Override
    public void addReader(int subtask) {
      stream.addReader(subtask);
    }

    @Override
    public StateT snapshotState(long checkpointId) throws Exception {
      return stream.snapshotState(checkpointId);
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
      stream.notifyCheckpointComplete(checkpointId);
    }

    @Override
    public void notifyCheckpointAborted(long checkpointId) throws Exception {
      stream.notifyCheckpointAborted(checkpointId);
    }

    @Override
    public void close() throws IOException {
      stream.close();
    }
  }
}
