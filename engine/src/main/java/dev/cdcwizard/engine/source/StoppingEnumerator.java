package dev.cdcwizard.engine.source;

import java.io.IOException;
import java.util.List;
import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.cdc.connectors.base.source.assigner.state.PendingSplitsState;
import org.apache.flink.cdc.connectors.base.source.meta.split.SourceSplitBase;

/** Flink CDC's enumerator, each of whose failures goes through {@link SourceFailures}. */
final class StoppingEnumerator implements SplitEnumerator<SourceSplitBase, PendingSplitsState> {
  private final SplitEnumerator<SourceSplitBase, PendingSplitsState> enumerator;
  private final SourceFailures failures;

  StoppingEnumerator(SplitEnumerator<SourceSplitBase, PendingSplitsState> enumerator, SourceFailures failures) {
    this.enumerator = enumerator;
    this.failures = failures;
  }

  @Override
  public void start() {
    try {
      enumerator.start();
    } catch (RuntimeException e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public void handleSplitRequest(int subtask, String requesterHostname) {
    try {
      enumerator.handleSplitRequest(subtask, requesterHostname);
    } catch (RuntimeException e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public void addSplitsBack(List<SourceSplitBase> splits, int subtask) {
    try {
      enumerator.addSplitsBack(splits, subtask);
    } catch (RuntimeException e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public void addReader(int subtask) {
    try {
      enumerator.addReader(subtask);
    } catch (RuntimeException e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public void handleSourceEvent(int subtask, SourceEvent event) {
    try {
      enumerator.handleSourceEvent(subtask, event);
    } catch (RuntimeException e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public PendingSplitsState snapshotState(long checkpointId) throws Exception {
    try {
      return enumerator.snapshotState(checkpointId);
    } catch (Exception e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public void notifyCheckpointComplete(long checkpointId) throws Exception {
    try {
      enumerator.notifyCheckpointComplete(checkpointId);
    } catch (Exception e) {
      throw failures.stopOr(e);
    }
  }

  @Override
  public void notifyCheckpointAborted(long checkpointId) throws Exception {
    enumerator.notifyCheckpointAborted(checkpointId);
  }

  @Override
  public void close() throws IOException {
    enumerator.close();
  }
}
