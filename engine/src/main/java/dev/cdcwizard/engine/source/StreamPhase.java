package dev.cdcwizard.engine.source;

/**
 * Whether the source in this thread has been given its stream split ({@link StreamSplitWatchingReader}).
 * The source and {@code CheckpointEpochs} are chained into one task, so they run in one thread; should they ever run
 * apart, the flag stays unset and a TRUNCATE after Flink CDC's snapshot stops the job rather than
 * risk rows of the snapshot still on their way.
 */
public final class StreamPhase {
  private static final ThreadLocal<Boolean> STARTED = ThreadLocal.withInitial(() -> Boolean.FALSE);

  private StreamPhase() {}

  static void started() {
    STARTED.set(Boolean.TRUE);
  }

  public static boolean hasStarted() {
    return STARTED.get();
  }
}
