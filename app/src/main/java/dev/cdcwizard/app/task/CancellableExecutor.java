package dev.cdcwizard.app.task;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;

/**
 * The executor one step runs its tasks on: it hands them to the shared executor and remembers them,
 * so that leaving the step cancels whatever it still has running.
 */
public final class CancellableExecutor implements Executor {
  private final Executor delegate;
  private final Set<Future<?>> running = ConcurrentHashMap.newKeySet();

  public CancellableExecutor(Executor delegate) {
    this.delegate = delegate;
  }

  @Override
  public void execute(Runnable work) {
    if (work instanceof Future<?> future) {
      running.add(future);
      delegate.execute(() -> {
        try {
          work.run();
        } finally {
          running.remove(future);
        }
      });
    } else {
      delegate.execute(work);
    }
  }

  /** Cancels and interrupts every task still running; their {@code andFinally} handlers still run. */
  public void cancelAll() {
    running.forEach(future -> future.cancel(true));
    running.clear();
  }

  public boolean hasRunningTasks() {
    return !running.isEmpty();
  }
}
