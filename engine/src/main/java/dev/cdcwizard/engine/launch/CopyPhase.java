package dev.cdcwizard.engine.launch;

import dev.cdcwizard.engine.postgres.PermanentServerErrors;
import dev.cdcwizard.engine.snapshot.SnapshotCancelledException;
import java.util.concurrent.CompletionException;

/**
 * What every copy before streaming records the same way: why it failed, whether it is over, whether it
 * was cancelled. The fields are volatile because a watcher thread writes them while the run's callers
 * read them.
 */
abstract class CopyPhase implements CopyBeforeStreaming {
  private static final PermanentServerErrors COPY_ERRORS = PermanentServerErrors.ofCopy();

  private volatile Throwable failure;
  private volatile boolean ended;
  private volatile boolean cancelled;

  @Override
  public final Throwable failure() {
    return failure;
  }

  @Override
  public final boolean ended() {
    return ended;
  }

  @Override
  public final boolean cancelled() {
    return cancelled;
  }

  /** Marks the phase cancelled before stopping the copy, so the watcher treats the copy's end as a cancel. */
  @Override
  public final void cancel() {
    cancelled = true;
    cancelCopy();
  }

  /** Stops the copy itself. */
  protected abstract void cancelCopy();

  /** A server error the user must fix (a privilege revoked, a table dropped) becomes its stop, in any language. */
  protected final void failed(Throwable cause) {
    failure = COPY_ERRORS.stopFor(cause).<Throwable>map(stop -> stop).orElse(cause);
  }

  /** Called once by the watcher when it stops, whatever the outcome. */
  protected final void end() {
    ended = true;
  }

  /**
   * What stopped the copy, unwrapped from its future, or null when the user cancelled it: a cancel is no
   * failure.
   */
  protected final Throwable failureUnlessCancelled(Throwable thrown) {
    Throwable cause = thrown instanceof CompletionException && thrown.getCause() != null ? thrown.getCause() : thrown;
    return cancelled || cause instanceof SnapshotCancelledException ? null : cause;
  }
}
