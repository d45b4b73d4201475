package dev.cdcwizard.engine.snapshot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiConsumer;
import org.apache.flink.api.connector.source.ReaderInfo;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.connector.source.SplitsAssignment;
import org.apache.flink.metrics.groups.SplitEnumeratorMetricGroup;
import org.junit.jupiter.api.Test;

/**
 * A snapshot reader that a restart handed back to the own snapshot after the job went on to its stream
 * asks for a split: the stream's enumerator tells it the snapshot is over and assigns it nothing, where
 * Flink's split request would have reached the stream's enumerator and could have been given the stream
 * split, which the snapshot reader cannot take.
 */
class StreamAfterSnapshotSourceTest {
  private final List<String> stream = new ArrayList<>();
  private final List<String> sent = new ArrayList<>();

  @Test
  void aSnapshotReaderAskingTheStreamIsToldTheSnapshotIsOver() throws Exception {
    var enumerator = new StreamAfterSnapshotSource.Enumerator<>(new RecordingEnumerator(), new RecordingContext());
    enumerator.handleSourceEvent(0, new SnapshotSplitRequest());
    assertThat(sent).containsExactly("0: " + new SnapshotOver());
    assertThat(stream).isEmpty();
  }

  @Test
  void everythingElseIsTheStreams() throws Exception {
    var enumerator = new StreamAfterSnapshotSource.Enumerator<>(new RecordingEnumerator(), new RecordingContext());
    SourceEvent other = new SourceEvent() {
      @Override
      public String toString() {
        return "other";
      }
    };
    enumerator.start();
    enumerator.addReader(1);
    enumerator.handleSplitRequest(1, "host");
    enumerator.handleSourceEvent(1, other);
    enumerator.snapshotState(7);
    enumerator.notifyCheckpointComplete(7);
    enumerator.close();
    assertThat(stream).containsExactly("start", "reader 1", "request 1", "event 1 other", "snapshot 7", "complete 7",
        "close");
    assertThat(sent).isEmpty();
  }

  private final class RecordingEnumerator implements SplitEnumerator<SourceSplit, String> {
    @Override
    public void start() {
      stream.add("start");
    }

    @Override
    public void handleSplitRequest(int subtask, String host) {
      stream.add("request " + subtask);
    }

    @Override
    public void addSplitsBack(List<SourceSplit> splits, int subtask) {
      stream.add("back " + subtask);
    }

    @Override
    public void addReader(int subtask) {
      stream.add("reader " + subtask);
    }

    @Override
    public String snapshotState(long checkpointId) {
      stream.add("snapshot " + checkpointId);
      return "state";
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) {
      stream.add("complete " + checkpointId);
    }

    @Override
    public void handleSourceEvent(int subtask, SourceEvent event) {
      stream.add("event " + subtask + " " + event);
    }

    @Override
    public void close() {
      stream.add("close");
    }
  }

  private final class RecordingContext implements SplitEnumeratorContext<SourceSplit> {
    @Override
    public void sendEventToSourceReader(int subtask, SourceEvent event) {
      sent.add(subtask + ": " + event);
    }

    @Override
    public SplitEnumeratorMetricGroup metricGroup() {
      throw new UnsupportedOperationException();
    }

    @Override
    public int currentParallelism() {
      return 2;
    }

    @Override
    public Map<Integer, ReaderInfo> registeredReaders() {
      return Map.of();
    }

    @Override
    public void assignSplits(SplitsAssignment<SourceSplit> assignment) {
      sent.add("assigned " + assignment);
    }

    @Override
    public void signalNoMoreSplits(int subtask) {
      sent.add("no more splits " + subtask);
    }

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <T> void callAsync(Callable<T> callable, BiConsumer<T, Throwable> handler, long delay, long period) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void runInCoordinatorThread(Runnable runnable) {
      runnable.run();
    }
  }
}
