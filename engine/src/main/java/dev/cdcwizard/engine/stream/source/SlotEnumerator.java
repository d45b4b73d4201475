package dev.cdcwizard.engine.stream.source;

import java.util.List;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;

/**
 * Hands the slot's split to the reader. A replication slot has one consumer, so there is one split;
 * a failed reader's split comes back ({@link #addSplitsBack}) and goes to the next reader.
 */
final class SlotEnumerator implements SplitEnumerator<SlotSplit, SlotSplit> {
  private final SplitEnumeratorContext<SlotSplit> context;
  private SlotSplit unassigned;

  /** @param unassigned the split still to hand out, or null when a reader has it */
  SlotEnumerator(SplitEnumeratorContext<SlotSplit> context, SlotSplit unassigned) {
    this.context = context;
    this.unassigned = unassigned;
  }

  @Override
  public void start() {
    // the split goes out when the reader registers
  }

  @Override
  public void handleSplitRequest(int subtaskId, String requesterHostname) {
    // the reader never asks: it gets the split on registration
  }

  @Override
  public void addSplitsBack(List<SlotSplit> splits, int subtaskId) {
    if (!splits.isEmpty()) {
      unassigned = splits.get(0);
    }
    assign();
  }

  @Override
  public void addReader(int subtaskId) {
    assign();
  }

  private void assign() {
    if (unassigned != null && !context.registeredReaders().isEmpty()) {
      int reader = context.registeredReaders().keySet().iterator().next();
      context.assignSplit(unassigned, reader);
      unassigned = null;
    }
  }

  /** The split while no reader has it; a reader's split is in the reader's own state. */
  @Override
  public SlotSplit snapshotState(long checkpointId) {
    return unassigned;
  }

  @Override
  public void close() {
    // nothing is open
  }
}
