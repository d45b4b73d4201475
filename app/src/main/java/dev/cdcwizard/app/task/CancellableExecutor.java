package dev.cdcwizard.app.task;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;

/**
 * The executor one step runs its tasks on: it hands them to the shared executor and remembers them,
 * so that leaving the step cancels whatever it still has running and stops what it repeats.
 */
public final class CancellableExecutor implements Executor {
  private final Executor delegate;
  private final Set<Future<?>> running = ConcurrentHashMap.newKeySet();
  private final Set<PeriodicTask> periodic = ConcurrentHashMap.newKeySet();

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

  void track(PeriodicTask task) {
    periodic.removeIf(PeriodicTask::isStopped);
    periodic.add(task);
  }

  /**
   * Stops every periodic task and cancels every task still running: their results are dropped, their {@code andFinally} handlers still
   * run. They are not interrupted: the engine's calls (JDBC, Iceberg and Hadoop I/O, Flink's clients) do
   * not all stop cleanly on an interrupt, an NIO channel closes under an interrupted read, and a result
   * nobody waits for costs less than a resource left half closed.
   */
  public void cancelAll() {
    periodic.forEach(PeriodicTask::stop);
    periodic.clear();
    running.forEach(future -> future.cancel(false));
    running.clear();
  }

  public boolean hasRunningTasks() {
    return !running.isEmpty();
  }
}
