package dev.cdcwizard.engine.stream.source;

/** The reader's split while it runs: the latest position all changes before which have gone out. */
final class SlotSplitState {
  private volatile long resumeLsn;

  SlotSplitState(long resumeLsn) {
    this.resumeLsn = resumeLsn;
  }

  long resumeLsn() {
    return resumeLsn;
  }

  void advance(long lsn) {
    if (lsn > resumeLsn) {
      resumeLsn = lsn;
    }
  }
}
