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

  /**
   * Cancels every task still running: their results are dropped, their {@code andFinally} handlers still
   * run. They are not interrupted: the engine's calls (JDBC, Iceberg and Hadoop I/O, Flink's clients) do
   * not all stop cleanly on an interrupt, an NIO channel closes under an interrupted read, and a result
   * nobody waits for costs less than a resource left half closed.
   */
  public void cancelAll() {
    running.forEach(future -> future.cancel(false));
    running.clear();
  }

  public boolean hasRunningTasks() {
    return !running.isEmpty();
  }
}
